// Test harness: the main-process core against the REAL local service (forked from
// src-service/cli.ts and seeded in a temp folder), with keys in the real keychain (a private one
// under scripts/with-keyring.ts) under a service name of its own. Bridge integration tests share it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { ChannelName } from '../../src-shared/bridge.ts'
import { dispatch, type HandlerContext } from '../bridge/registry.ts'
import { createCore, type Core, type CoreOptions } from '../core.ts'
import { nodeLauncher } from '../local/node-launcher.ts'
import { createVault } from '../vault/vault.ts'

/** The repository root. */
export const root = resolve(import.meta.dirname, '../..')

export interface BridgeError {
  code: string
  message: string
  status?: number
  details?: unknown
}
export type BridgeAnswer<T> = { ok: true; data: T } | { ok: false; error: BridgeError }

export interface RealCore {
  core: Core
  /** The "This computer" connection. */
  connectionId: string
  /** Every answer any call gave, in order (for the no-key-anywhere checks). */
  answers: unknown[]
  /** A channel call as the page makes it. */
  call<T>(name: ChannelName, input: unknown, handlers?: Core['handlers']): Promise<BridgeAnswer<T>>
  /** A call that must succeed; its data. */
  ok<T>(name: ChannelName, input: unknown, handlers?: Core['handlers']): Promise<T>
  /** A call that must be refused; its error. */
  refused(name: ChannelName, input: unknown): Promise<BridgeError>
  stop(): Promise<void>
}

export async function startRealCore(
  name: string,
  extra: Partial<Pick<CoreOptions, 'notifier'>> = {},
): Promise<RealCore> {
  const dataDir = mkdtempSync(join(tmpdir(), `flowdeck-${name}-`))
  const vault = createVault(undefined, `flowdeck-test-${name}-${process.pid}`)
  const core = createCore({
    dataDir,
    version: 'test',
    platform: process.platform,
    launch: nodeLauncher(join(root, 'src-service/cli.ts')),
    workflowsDir: join(root, 'resources/workflows'),
    vault,
    notifier: { notify: () => undefined },
    ...extra,
  })
  await core.start()
  const answers: unknown[] = []
  const ctx: HandlerContext = { mode: 'web', subscriberId: 'page', emit: () => undefined }
  const call = async <T>(n: ChannelName, input: unknown, handlers = core.handlers) => {
    const result = await dispatch(handlers, n, input, ctx)
    answers.push(result)
    return result as BridgeAnswer<T>
  }
  return {
    core,
    connectionId: core.deps.connections.local()!.id,
    answers,
    call,
    async ok<T>(n: ChannelName, input: unknown, handlers?: Core['handlers']) {
      const result = await call<T>(n, input, handlers)
      if (!result.ok) throw new Error(`${n}: ${result.error.code} ${result.error.message}`)
      return result.data
    },
    async refused(n: ChannelName, input: unknown) {
      const result = await call(n, input)
      if (result.ok) throw new Error(`${n} was accepted`)
      return result.error
    },
    async stop() {
      for (const c of core.deps.connections.list()) await vault.delete(c.id).catch(() => undefined)
      await core.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
