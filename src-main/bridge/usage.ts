import { endpoints } from '../../src-shared/api/endpoints.ts'
import type { AreaHandlers, CoreDeps } from './deps.ts'

export function usageHandlers({ client, rateLimits }: CoreDeps): AreaHandlers<'usage'> {
  return {
    'usage:limits': async (input) => client.call(input.connectionId, endpoints.usageLimits),
    'usage:rate-limit': async ({ connectionId }) => rateLimits.get(connectionId) ?? null,
  }
}
