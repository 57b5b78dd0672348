// The service's configuration from the environment, read in one place (the CLI) and passed
// down as options; nothing else in the service reads process.env.
import type { AppOptions } from './http/app.ts'

export function configFromEnv(
  env: NodeJS.ProcessEnv,
): Pick<AppOptions, 'encryptionKey' | 'apiRatePerMinute' | 'executionRates' | 'maxInFlightRuns'> {
  const sync = positiveInt(env, 'RATE_LIMIT_ENTERPRISE_SYNC')
  const async = positiveInt(env, 'RATE_LIMIT_ENTERPRISE_ASYNC')
  return {
    encryptionKey: env.SERVICE_ENCRYPTION_KEY || undefined,
    apiRatePerMinute: positiveInt(env, 'RATE_LIMIT_API_PER_MINUTE'),
    executionRates: sync === undefined && async === undefined ? undefined : { sync, async },
    maxInFlightRuns: positiveInt(env, 'ADMISSION_GATE_MAX_INFLIGHT'),
  }
}

function positiveInt(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name]
  if (raw === undefined || raw === '') return undefined
  const value = Number(raw)
  if (!(Number.isInteger(value) && value > 0)) {
    throw new Error(`${name} must be a positive integer, not "${raw}"`)
  }
  return value
}
