// The service's configuration from the environment, read in one place (the CLI) and passed
// down as options; nothing else in the service reads process.env.
import type { AppOptions } from './http/app.ts'

export function configFromEnv(
  env: NodeJS.ProcessEnv,
): Pick<AppOptions, 'encryptionKey' | 'apiRatePerMinute'> {
  const rate = env.RATE_LIMIT_API_PER_MINUTE
  const apiRatePerMinute = rate === undefined ? undefined : Number(rate)
  if (
    apiRatePerMinute !== undefined &&
    !(Number.isInteger(apiRatePerMinute) && apiRatePerMinute > 0)
  ) {
    throw new Error(`RATE_LIMIT_API_PER_MINUTE must be a positive integer, not "${rate}"`)
  }
  return { encryptionKey: env.SERVICE_ENCRYPTION_KEY || undefined, apiRatePerMinute }
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
