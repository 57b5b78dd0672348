// Everything a service function needs, passed explicitly: the store, the clock, the key cipher
// and the configuration. Built once by buildApp (or by the CLI without any HTTP at all).
import type { Store } from '../store/index.ts'
import type { KeyCipher } from '../auth/key-crypto.ts'
import type { LimitsProvider } from './limits.ts'

export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

export interface ServiceContext {
  store: Store
  clock: Clock
  cipher: KeyCipher
  limits: LimitsProvider
}

export const isoNow = (ctx: { clock: Clock }): string => ctx.clock.now().toISOString()
