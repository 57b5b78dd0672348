// Builds everything main needs from a data folder, the same way for Electron, browser mode and
// tests: stores, vault, local service, client, job tracker, streams, and the bridge handlers.
import { join } from 'node:path'
import { z } from 'zod'
import {
  SettingsSchema,
  TrackedJobSchema,
  type EventName,
  type EventPayload,
  type Settings,
} from '../src-shared/bridge.ts'
import type { CoreDeps } from './bridge/deps.ts'
import { createHandlers } from './bridge/handlers.ts'
import type { Handlers } from './bridge/registry.ts'
import { BridgeFailure } from './bridge/errors.ts'
import { endpoints } from '../src-shared/api/endpoints.ts'
import { probeHealth } from './client/health.ts'
import { createHttp, type HttpDeps, type RateLimitInfo } from './client/http.ts'
import { createJobTracker, JobStatusAnswerSchema, type Notifier } from './client/job-tracker.ts'
import { createServiceClient } from './client/service-client.ts'
import { createStreamRuns } from './client/stream-runs.ts'
import { createConnectionsStore } from './connections/connections-store.ts'
import { applyTeamPreset, type PresetResult } from './connections/team-preset.ts'
import { createLocalService, type Launcher } from './local/local-service.ts'
import { jsonFile } from './storage/json-file.ts'
import { createVault, type Vault } from './vault/vault.ts'

export const LOCAL_CONNECTION_NAME = 'This computer'

export interface CoreOptions {
  dataDir: string
  version: string
  platform: string
  launch: Launcher
  /** Sample workflows for the demo workspace of "This computer". */
  workflowsDir?: string
  vault?: Vault
  notifier?: Notifier
  files?: CoreDeps['files']
  /** Folders searched for flowdeck.team.json (next to the app, then the user config folder). */
  presetFolders?: string[]
  http?: HttpDeps
  log?(line: string): void
}

export type Emit = <E extends EventName>(
  subscriberId: string,
  event: E,
  payload: EventPayload<E>,
) => void

export function createCore(opts: CoreOptions) {
  const log = opts.log ?? (() => undefined)
  let emit: Emit = () => undefined
  const settingsFile = jsonFile(join(opts.dataDir, 'settings.json'), SettingsSchema, () =>
    SettingsSchema.parse({}),
  )
  let settings: Settings = settingsFile.read()
  const connections = createConnectionsStore(opts.dataDir)
  const vault = opts.vault ?? createVault()
  const rateLimits = new Map<string, RateLimitInfo>()
  const http = createHttp({
    ...opts.http,
    onRateLimit: (id, info) => rateLimits.set(id, info),
  })
  const serviceDir = join(opts.dataDir, 'local-service')
  const local = createLocalService({
    launch: opts.launch,
    dataDir: serviceDir,
    workflowsDir: opts.workflowsDir,
    probe: probeHealth,
    log: (line) => log(`[local service] ${line}`),
  })
  const client = createServiceClient({
    http,
    connections,
    vault,
    localUrl: () => local.url(),
    timeoutMs: () => settings.timeoutMs,
  })
  const jobSubscribers = new Set<string>()
  const tracker = createJobTracker({
    file: jsonFile(join(opts.dataDir, 'jobs.json'), z.array(TrackedJobSchema), () => []),
    now: () => Date.now(),
    notifier: opts.notifier,
    notificationsEnabled: () => settings.notifications,
    onChange: (jobIds) => {
      for (const id of jobSubscribers) emit(id, 'jobs:changed', { jobIds })
    },
    poll: async (job) => {
      try {
        const body = await client.call(
          job.connectionId,
          { ...endpoints.getJob, response: JobStatusAnswerSchema },
          { params: { jobId: job.jobId } },
        )
        return { kind: 'status', body }
      } catch (err) {
        // Run history deleted (30 days after the run): a state, not an error.
        if (err instanceof BridgeFailure && err.code === 'NOT_FOUND') return { kind: 'gone' }
        throw err
      }
    },
  })
  const streams = createStreamRuns((subscriberId, runId, event) =>
    emit(subscriberId, 'runs:event', { runId, event }),
  )

  const deps: CoreDeps = {
    version: opts.version,
    platform: opts.platform,
    connections,
    vault,
    client,
    tracker,
    streams,
    jobSubscribers,
    rateLimits,
    settings: {
      get: () => settings,
      update: (patch) => {
        settings = SettingsSchema.parse({ ...settings, ...patch })
        settingsFile.write(settings)
        return settings
      },
    },
    local: { status: () => local.status(), restart: () => local.restart(), dataDir: serviceDir },
    files: opts.files,
  }
  const handlers: Handlers = createHandlers(deps)

  /**
   * "This computer": seeded (idempotent, so every launch re-checks it), created on first launch,
   * its personal key put straight into the vault. A missing keychain leaves it without a key;
   * the UI then shows KEYCHAIN_UNAVAILABLE instead of Flowdeck storing the key elsewhere.
   */
  async function ensureThisComputer() {
    const seed = await local.seed()
    let connection = connections.local()
    if (!connection) {
      connection = connections.add({
        name: LOCAL_CONNECTION_NAME,
        baseUrl: 'http://127.0.0.1',
        workspaceId: seed.workspaceId,
        keyType: 'personal',
        kind: 'local',
        origin: 'first-launch',
      })
    } else if (connection.workspaceId !== seed.workspaceId) {
      connection = connections.update(connection.id, { workspaceId: seed.workspaceId })
    }
    try {
      if ((await vault.get(connection.id)) !== seed.keys.personal) {
        await vault.set(connection.id, seed.keys.personal)
      }
    } catch (err) {
      log(err instanceof Error ? err.message : String(err))
    }
    return seed
  }

  return {
    deps,
    handlers,
    local,
    setEmit(next: Emit) {
      emit = next
    },
    /** Seeds and starts the local service, applies the team preset, resumes job polling. */
    async start(): Promise<{ localUrl: string; preset: PresetResult }> {
      const preset = applyTeamPreset(opts.presetFolders ?? [], connections)
      if (preset.problem) log(`Team preset ${preset.path} ignored: ${preset.problem}`)
      await ensureThisComputer()
      const localUrl = await local.start()
      tracker.start()
      return { localUrl, preset }
    },
    async stop() {
      tracker.stop()
      streams.abortAll()
      await local.stop()
    },
  }
}

export type Core = ReturnType<typeof createCore>
