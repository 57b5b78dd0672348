// What the handlers need, passed in once by the wiring (Electron, browser mode or a test).
import type { ChannelName, Settings } from '../../src-shared/bridge.ts'
import type { JobTracker } from '../client/job-tracker.ts'
import type { RateLimitInfo } from '../client/http.ts'
import type { ServiceClient } from '../client/service-client.ts'
import type { StreamRuns } from '../client/stream-runs.ts'
import type { ConnectionsStore } from '../connections/connections-store.ts'
import type { LocalServiceStatus } from '../local/local-service.ts'
import type { Vault } from '../vault/vault.ts'
import type { FilePayload } from './files.ts'
import type { Handler } from './registry.ts'

export interface CoreDeps {
  version: string
  platform: string
  connections: ConnectionsStore
  vault: Vault
  client: ServiceClient
  tracker: JobTracker
  streams: StreamRuns
  /** Pages that asked for `jobs:changed`. */
  jobSubscribers: Set<string>
  settings: { get(): Settings; update(patch: Partial<Settings>): Settings }
  rateLimits: Map<string, RateLimitInfo>
  local: { status(): LocalServiceStatus; restart(): Promise<unknown>; dataDir: string }
  /** Native dialogs; absent in browser mode, where the page uses its own file input. */
  files?: {
    pick(maxBytes: number): Promise<FilePayload | null>
    save(suggestedName: string, text: string): Promise<boolean>
    saveBytes(suggestedName: string, bytes: Uint8Array): Promise<boolean>
  }
}

/** The handlers of one area: every channel whose name starts with `area:`. */
export type AreaHandlers<A extends string> = {
  [K in ChannelName as K extends `${A}:${string}` ? K : never]: Handler<K>
}
