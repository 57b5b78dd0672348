// Calls one endpoint of the table in src-shared/api: fills the path, sends query and body,
// and validates the answer with the endpoint's own response schema.
import type { z } from 'zod'
import { BridgeFailure } from '../bridge/errors.ts'
import { schemaFailure } from './api-errors.ts'
import { expectJson, type Http, type HttpTarget, type Query, type RepeatRule } from './http.ts'

/** The shape every entry of the endpoint table has (extra fields are ignored). */
export interface EndpointLike {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  response: z.ZodType
}

export interface CallArgs {
  params?: Record<string, string>
  query?: Query
  body?: unknown
  signal?: AbortSignal
  timeoutMs?: number
  repeat?: RepeatRule
}

/** `/api/v1/tables/{tableId}/rows/:rowId` -> both placeholder styles are filled. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}|:(\w+)/g, (_m, a: string | undefined, b: string | undefined) => {
    const name = (a ?? b)!
    const value = params[name]
    if (value === undefined || value === '') {
      throw new BridgeFailure('INVALID_INPUT', `Missing ${name} for ${path}.`)
    }
    return encodeURIComponent(value)
  })
}

export async function callEndpoint<E extends EndpointLike>(
  http: Http,
  target: HttpTarget,
  endpoint: E,
  args: CallArgs = {},
): Promise<z.output<E['response']>> {
  const path = fillPath(endpoint.path, args.params)
  const what = `${endpoint.method} ${endpoint.path}`
  const answer = await http.send(target, {
    method: endpoint.method,
    path,
    query: args.query,
    body: args.body,
    signal: args.signal,
    timeoutMs: args.timeoutMs,
    repeat: args.repeat,
  })
  const json = expectJson(answer, what)
  const parsed = endpoint.response.safeParse(json)
  if (!parsed.success) throw schemaFailure(what, parsed.error)
  return parsed.data as z.output<E['response']>
}
