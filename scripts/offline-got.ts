// Loaded with --import into electronegativity: it fetches translations (and, when enabled,
// Electron release notes) with `got`. Offline, got's retry timer throws after the request has
// already failed and kills the whole scan; with retries off the scan simply goes on offline.
import Module from 'node:module'

interface Got {
  extend(options: unknown): Got
  default?: Got
  __noRetry?: boolean
}
const internals = Module as unknown as { _load(request: string, ...rest: unknown[]): unknown }
const load = internals._load
internals._load = function (this: unknown, request: string, ...rest: unknown[]) {
  const loaded = load.call(this, request, ...rest) as Got
  if (request !== 'got' || loaded.__noRetry) return loaded
  const patched = loaded.extend({ retry: { limit: 0 } })
  patched.default = patched
  patched.__noRetry = true
  Object.defineProperty(patched, '__esModule', { value: true })
  return patched
}
