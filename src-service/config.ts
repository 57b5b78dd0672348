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
