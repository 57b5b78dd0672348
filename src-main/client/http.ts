// The one place main talks HTTP to a service: base URL + path, X-API-Key from the vault,
// timeout, the spec's retry rules, rate-limit headers, and error mapping.
import { BridgeFailure } from '../bridge/errors.ts'
import { cancelledFailure, httpFailure, networkFailure, timeoutFailure } from './api-errors.ts'
import {
  backoffDelay,
  DEFAULT_RETRY,
  realClock,
  retryAfterMs,
  type Clock,
  type RetryPolicy,
} from './retry-policy.ts'

export const DEFAULT_TIMEOUT_MS = 30_000

export interface RateLimitInfo {
  limit: number | null
  remaining: number | null
  reset: string | null
  observedAt: string
}

export type Query = Record<string, string | number | boolean | null | undefined>

/**
 * When a failed attempt may be sent again:
 * - `safe`: reads; retried on 429 and on network errors.
 * - `refused-only`: writes; retried only on 429, which the service answers before doing anything.
 * - `admission`: execute; retried only on a 429 carrying Retry-After (the admission gate said
 *   "not now"). A 429 without it means the account's bucket is empty until resetAt, and a network
 *   error may have happened after the run was admitted, so neither is ever resent.
 */
export type RepeatRule = 'safe' | 'refused-only' | 'admission'

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  query?: Query
  body?: unknown
  headers?: Record<string, string>
  repeat?: RepeatRule
  timeoutMs?: number
  signal?: AbortSignal
  /** Leave the body unread (streams). Errors are still read and mapped. */
  stream?: boolean
}

export interface HttpAnswer {
  status: number
  headers: Headers
  /** Parsed JSON, the raw text when it is not JSON, or undefined for `stream`. */
  body: unknown
  isJson: boolean
  response: Response
}

export interface HttpTarget {
  connectionId: string
  baseUrl: string
  /** Reads the key at call time, so a replaced key takes effect at once. */
  getKey(): Promise<string | null>
}

export interface HttpDeps {
  fetch?: typeof fetch
  clock?: Clock
  random?: () => number
  retry?: RetryPolicy
  onRateLimit?(connectionId: string, info: RateLimitInfo): void
  defaultTimeoutMs?: number
}

export function buildUrl(baseUrl: string, path: string, query?: Query): URL {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`
  const url = new URL(path.replace(/^\//, ''), base)
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null) url.searchParams.set(k, String(v))
  }
  return url
}

function readRateLimit(headers: Headers, now: number): RateLimitInfo | null {
  const limit = headers.get('x-ratelimit-limit')
  const remaining = headers.get('x-ratelimit-remaining')
  const reset = headers.get('x-ratelimit-reset')
  if (limit === null && remaining === null && reset === null) return null
  const num = (v: string | null) => (v === null || Number.isNaN(Number(v)) ? null : Number(v))
  return {
    limit: num(limit),
    remaining: num(remaining),
    reset,
    observedAt: new Date(now).toISOString(),
  }
}

function mayRepeat(rule: RepeatRule, failure: 'network' | 'rate', retryAfter: boolean): boolean {
  if (failure === 'network') return rule === 'safe'
  if (rule === 'admission') return retryAfter
  return true
}

export function createHttp(deps: HttpDeps = {}) {
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init))
  const clock = deps.clock ?? realClock
  const policy = deps.retry ?? DEFAULT_RETRY
  const random = deps.random ?? Math.random

  async function attempt(target: HttpTarget, req: HttpRequest, key: string | null) {
    const timeoutMs = req.timeoutMs ?? deps.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS
    const timeout = new AbortController()
    const timer = setTimeout(() => timeout.abort(new Error('timeout')), timeoutMs)
    const signal = req.signal ? AbortSignal.any([req.signal, timeout.signal]) : timeout.signal
    const headers: Record<string, string> = { Accept: 'application/json', ...req.headers }
    if (key) headers['X-API-Key'] = key
    let body: string | FormData | undefined
    if (req.body instanceof FormData) body = req.body
    else if (req.body !== undefined) {
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(req.body)
    }
    try {
      const response = await doFetch(buildUrl(target.baseUrl, req.path, req.query), {
        method: req.method,
        headers,
        body,
        signal,
        redirect: 'error',
      })
      // A stream keeps its own timer going only until the headers arrived; the caller aborts it.
      if (req.stream && response.ok) return { response, timedOut: false }
      const text = await response.text()
      return { response, text, timedOut: false }
    } catch (err) {
      if (req.signal?.aborted) throw cancelledFailure()
      if (timeout.signal.aborted) throw timeoutFailure(timeoutMs)
      throw Object.assign(networkFailure(target.baseUrl), { cause: err })
    } finally {
      clearTimeout(timer)
    }
  }

  async function send(target: HttpTarget, req: HttpRequest): Promise<HttpAnswer> {
    const rule = req.repeat ?? (req.method === 'GET' ? 'safe' : 'refused-only')
    const key = await target.getKey()
    if (req.signal?.aborted) throw cancelledFailure()
    for (let tryNo = 0; ; tryNo++) {
      let result: Awaited<ReturnType<typeof attempt>>
      try {
        result = await attempt(target, req, key)
      } catch (err) {
        const retriable =
          err instanceof BridgeFailure &&
          err.code === 'NETWORK' &&
          mayRepeat(rule, 'network', false)
        if (!retriable || tryNo >= policy.retries) throw err
        await wait(backoffDelay(tryNo, policy, random), req.signal)
        continue
      }
      const { response, text } = result
      const info = readRateLimit(response.headers, clock.now())
      if (info) deps.onRateLimit?.(target.connectionId, info)

      if (response.status === 429) {
        const after = retryAfterMs(response.headers.get('retry-after'), clock.now())
        if (mayRepeat(rule, 'rate', after !== undefined) && tryNo < policy.retries) {
          await wait(after ?? backoffDelay(tryNo, policy, random), req.signal)
          continue
        }
      }
      if (text === undefined) {
        return {
          status: response.status,
          headers: response.headers,
          body: undefined,
          isJson: false,
          response,
        }
      }
      let body: unknown = text
      let isJson = false
      if (text.length > 0) {
        try {
          body = JSON.parse(text)
          isJson = true
        } catch {
          // Left as text: the caller decides whether a non-JSON answer is an error.
        }
      }
      return { status: response.status, headers: response.headers, body, isJson, response }
    }
  }

  async function wait(ms: number, signal?: AbortSignal) {
    try {
      await clock.sleep(ms, signal)
    } catch {
      throw cancelledFailure()
    }
  }

  return { send }
}

export type Http = ReturnType<typeof createHttp>

/** For ordinary endpoints: a 2xx JSON answer, or the mapped failure. */
export function expectJson(answer: HttpAnswer, what: string): unknown {
  if (answer.status < 200 || answer.status >= 300) {
    throw httpFailure(answer.status, answer.body)
  }
  if (!answer.isJson) {
    throw new BridgeFailure('INVALID_JSON', `The service's answer to ${what} is not valid JSON.`, {
      status: answer.status,
    })
  }
  return answer.body
}
