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

/**
 * Execution settings: `SERVICE_LLM_BASE_URL` / `SERVICE_LLM_API_KEY` (agent blocks),
 * `SERVICE_JOB_WORKERS` (async runs at once, default 4), `SERVICE_JOB_LEASE_MS` (default 15000),
 * `SERVICE_SYNC_WAIT_MS` (default 300000), and `SERVICE_ENV_<NAME>` values for `{{NAME}}`.
 */
export function executionConfigFromEnv(
  env: NodeJS.ProcessEnv,
): NonNullable<AppOptions['execution']> {
  const positive = (name: string): number | undefined => {
    const text = env[name]
    if (text === undefined || text === '') return undefined
    const value = Number(text)
    if (!(Number.isInteger(value) && value > 0)) {
      throw new Error(`${name} must be a positive integer, not "${text}"`)
    }
    return value
  }
  const values: Record<string, string> = {}
  for (const [name, value] of Object.entries(env)) {
    if (name.startsWith('SERVICE_ENV_') && value !== undefined) values[name.slice(12)] = value
  }
  const baseUrl = env.SERVICE_LLM_BASE_URL || undefined
  return {
    workers: positive('SERVICE_JOB_WORKERS'),
    leaseMs: positive('SERVICE_JOB_LEASE_MS'),
    syncWaitMs: positive('SERVICE_SYNC_WAIT_MS'),
    env: values,
    ...(baseUrl ? { llm: { baseUrl, apiKey: env.SERVICE_LLM_API_KEY || undefined } } : {}),
  }
}
