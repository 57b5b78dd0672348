// Everything a service function needs, passed explicitly: the store, the clock, the key cipher
// and the configuration. Built once by buildApp (or by the CLI without any HTTP at all).
import { openStore, type Store } from '../store/index.ts'
import { createKeyCipher, loadSecret, type KeyCipher } from '../auth/key-crypto.ts'
import { PLAN_RATES, staticLimitsProvider, type LimitsProvider } from './limits.ts'
import { openGate, type ExecutionGate } from './execution-gate.ts'

export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

export interface ServiceContext {
  store: Store
  clock: Clock
  cipher: KeyCipher
  limits: LimitsProvider
  /** Admission, buckets and billing for workflow runs (services/execution-gate.ts). */
  gate: ExecutionGate
  /** `maxRows` of tables created from now on (default 10000, API-NOTES). */
  tableMaxRows: number
}

export const isoNow = (ctx: { clock: Clock }): string => ctx.clock.now().toISOString()

export interface ContextOptions {
  /** Data folder (database and secret). null or absent: in-memory, for tests and tools. */
  dataDir?: string | null
  clock?: Clock
  /** Server secret for key encryption (else `secret.key` in the data folder). */
  encryptionKey?: string
  /** Replaced by the execution part with real per-account buckets and usage. */
  limits?: LimitsProvider
  gate?: ExecutionGate
  tableMaxRows?: number
}

/** Opens the data folder (database, migrations, secret) and wires the context. */
export function createServiceContext(options: ContextOptions): ServiceContext {
  const clock = options.clock ?? systemClock
  const dataDir = options.dataDir ?? null
  return {
    store: openStore(dataDir, () => clock.now().toISOString()),
    clock,
    cipher: createKeyCipher(loadSecret(dataDir, options.encryptionKey)),
    limits: options.limits ?? staticLimitsProvider(PLAN_RATES.enterprise),
    gate: options.gate ?? openGate,
    tableMaxRows: options.tableMaxRows ?? 10_000,
  }
}
