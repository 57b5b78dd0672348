import { QueryClient } from '@tanstack/react-query'
import { BridgeCallError } from '../bridge.ts'

/** Errors that asking again will not fix: show them at once instead of retrying. */
const FINAL = new Set([
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'BAD_REQUEST',
  'INVALID_INPUT',
  'INVALID_RESPONSE',
  'KEYCHAIN_UNAVAILABLE',
  'USAGE_LIMIT_EXCEEDED',
])

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        // main already retries network errors and 429s by the spec's rules; one more try here
        // only covers a bridge hiccup.
        retry: (count, err) =>
          !(err instanceof BridgeCallError && FINAL.has(err.error.code)) && count < 1,
      },
      mutations: { retry: false },
    },
  })
}
