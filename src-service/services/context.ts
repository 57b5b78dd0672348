// Everything a service function needs, passed explicitly: the store, the clock, the key cipher
// and the configuration. Built once by buildApp (or by the CLI without any HTTP at all).
import { openStore, type Store } from '../store/index.ts'
import { createKeyCipher, loadSecret, type KeyCipher } from '../auth/key-crypto.ts'
import type { LimitsProvider } from './limits.ts'
import type { ExecutionGate } from './execution-gate.ts'
import { createExecutionLimits } from './execution-limits.ts'

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
  /** Default: the real execution limits (services/execution-limits.ts) serve both. */
  limits?: LimitsProvider
  gate?: ExecutionGate
  /** Execute requests per minute for every account (burst 2x); default 600 sync / 5000 async. */
  executionRates?: { sync?: number; async?: number }
  /** In-flight runs admitted per process before 429 + Retry-After: 5; default 500. */
  maxInFlightRuns?: number
  tableMaxRows?: number
}

/** Opens the data folder (database, migrations, secret) and wires the context. */
export function createServiceContext(options: ContextOptions): ServiceContext {
  const clock = options.clock ?? systemClock
  const dataDir = options.dataDir ?? null
  const store = openStore(dataDir, () => clock.now().toISOString())
  const { executionRates: rates, maxInFlightRuns: maxInFlight } = options
  const limits = createExecutionLimits({ store, clock, rates, maxInFlight })
  return {
    store,
    clock,
    cipher: createKeyCipher(loadSecret(dataDir, options.encryptionKey)),
    limits: options.limits ?? limits,
    gate: options.gate ?? limits,
    tableMaxRows: options.tableMaxRows ?? 10_000,
  }
}
