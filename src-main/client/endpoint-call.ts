// Calls one endpoint of the table in src-shared/api: fills the path, sends query and body,
// and validates the answer with the endpoint's own response schema.
import type { z } from 'zod'
import { BridgeFailure } from '../bridge/errors.ts'
import { httpFailure, schemaFailure, timeoutFailure } from './api-errors.ts'
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

export interface DownloadedFile {
  bytes: Uint8Array
  /** From Content-Disposition (the RFC 5987 form first), else null. */
  filename: string | null
  contentType: string | null
}

/**
 * Calls a `responseEncoding: 'binary'` endpoint and reads the bytes, refusing bodies over
 * `maxBytes` (they would be held in memory, and in browser mode sent on as base64).
 */
export async function downloadEndpoint(
  http: Http,
  target: HttpTarget,
  endpoint: EndpointLike,
  args: CallArgs & { maxBytes: number },
): Promise<DownloadedFile> {
  const timeoutMs = args.timeoutMs ?? 30_000
  const reading = new AbortController()
  const timer = setTimeout(() => reading.abort(), timeoutMs)
  const signal = args.signal ? AbortSignal.any([args.signal, reading.signal]) : reading.signal
  try {
    const answer = await http.send(target, {
      method: endpoint.method,
      path: fillPath(endpoint.path, args.params),
      query: args.query,
      signal,
      timeoutMs,
      stream: true,
    })
    if (answer.status < 200 || answer.status >= 300) throw httpFailure(answer.status, answer.body)
    const tooLarge = () =>
      new BridgeFailure(
        'PAYLOAD_TOO_LARGE',
        `The file is larger than ${Math.floor(args.maxBytes / (1024 * 1024))} MB; Flowdeck does not download files that big.`,
      )
    const declared = Number(answer.headers.get('content-length') ?? Number.NaN)
    if (declared > args.maxBytes) {
      await answer.response.body?.cancel()
      throw tooLarge()
    }
    const parts: Uint8Array[] = []
    let size = 0
    const reader = answer.response.body?.getReader()
    try {
      for (;;) {
        const { done, value } = reader ? await reader.read() : { done: true, value: undefined }
        if (done) break
        size += value.byteLength
        if (size > args.maxBytes) {
          await reader?.cancel()
          throw tooLarge()
        }
        parts.push(value)
      }
    } catch (error) {
      if (error instanceof BridgeFailure) throw error
      if (reading.signal.aborted) throw timeoutFailure(timeoutMs)
      throw new BridgeFailure('NETWORK', 'The download was interrupted.')
    }
    const bytes = new Uint8Array(size)
    let at = 0
    for (const part of parts) {
      bytes.set(part, at)
      at += part.byteLength
    }
    return {
      bytes,
      filename: filenameOf(answer.headers.get('content-disposition')),
      contentType: answer.headers.get('content-type'),
    }
  } finally {
    clearTimeout(timer)
  }
}

/** `attachment; filename="a.txt"; filename*=UTF-8''%C3%A4.txt` -> `ä.txt`. */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;]+)/i.exec(disposition)
  if (extended) {
    try {
      return decodeURIComponent(extended[2]!.trim())
    } catch {
      // Fall through to the plain form.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(disposition)
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]
  return name || null
}
