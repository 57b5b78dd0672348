// Starting a run, and reading what the service answered. The rules that matter: an execute is
// never resent once admitted; a 202 pending receipt or a 503 RESULT_UNAVAILABLE means "follow
// statusUrl", which we do by job id against the connection's own base URL (the key is never sent
// to another host named in a response).
import { z } from 'zod'
import { ExecutionResultSchema } from '../../src-shared/bridge.ts'
import type { ExecutionControlsSchema, RunStartOutputSchema } from '../../src-shared/bridge.ts'
import { BridgeFailure } from '../bridge/errors.ts'
import { httpFailure, schemaFailure, scrub } from './api-errors.ts'
import type { Http, HttpAnswer, HttpTarget } from './http.ts'

type Controls = z.infer<typeof ExecutionControlsSchema>
type RunStart = z.infer<typeof RunStartOutputSchema>

const AsyncReceiptSchema = z.looseObject({
  async: z.literal(true),
  jobId: z.string(),
  executionId: z.string(),
  statusUrl: z.string().optional(),
})
const PendingReceiptSchema = z.looseObject({
  pending: z.literal(true),
  executionId: z.string(),
  statusUrl: z.string(),
})
const UnavailableSchema = z.looseObject({
  code: z.literal('RESULT_UNAVAILABLE'),
  statusUrl: z.string(),
  executionId: z.string().optional(),
})

export interface ExecuteRequest {
  workflowId: string
  mode: 'sync' | 'async' | 'stream'
  input: unknown
  controls: Controls
  timeoutMs?: number
  signal?: AbortSignal
}

export function executeBody(req: ExecuteRequest): Record<string, unknown> {
  // Wrapping the input in `input` carries any JSON value (object, string, number, array) the same way.
  const body: Record<string, unknown> = { input: req.input ?? {} }
  for (const [k, v] of Object.entries(req.controls)) if (v !== undefined) body[k] = v
  if (req.mode === 'stream') body.stream = true
  return body
}

export async function sendExecute(
  http: Http,
  target: HttpTarget,
  req: ExecuteRequest,
): Promise<HttpAnswer> {
  const headers: Record<string, string> = {}
  if (req.mode === 'async') headers['X-Execution-Mode'] = 'async'
  if (req.mode === 'sync' && req.timeoutMs !== undefined) {
    // RFC 7240: a service that honours it answers the 202 pending receipt (with the execution
    // id) a second before our own timeout would fire, so a slow run can still be followed.
    headers.Prefer = `wait=${preferWaitSeconds(req.timeoutMs)}`
  }
  if (req.mode === 'stream') {
    headers['X-Service-Stream-Version'] = '2'
    headers.Accept = 'text/event-stream'
  }
  return http.send(target, {
    method: 'POST',
    path: `/api/workflows/${encodeURIComponent(req.workflowId)}/execute`,
    body: executeBody(req),
    headers,
    repeat: 'admission',
    timeoutMs: req.timeoutMs,
    signal: req.signal,
    stream: req.mode === 'stream',
  })
}

/** Whole seconds the service may hold a sync request: a second under our own timeout. */
export function preferWaitSeconds(timeoutMs: number): number {
  return Math.max(0, Math.floor((timeoutMs - 1000) / 1000))
}

/** The job id in a statusUrl (`.../api/jobs/<id>`), else the execution id (the spec: equal). */
export function jobIdFrom(statusUrl: string | undefined, executionId: string): string {
  if (statusUrl) {
    try {
      const parts = new URL(statusUrl, 'http://x').pathname.split('/').filter(Boolean)
      const at = parts.lastIndexOf('jobs')
      if (at >= 0 && parts[at + 1]) return decodeURIComponent(parts[at + 1]!)
    } catch {
      // fall through
    }
  }
  return executionId
}

const HIDDEN_HEADERS = new Set(['set-cookie', 'x-api-key', 'authorization'])

/** Reads a non-stream execute answer into what the bridge returns. */
export function interpretExecute(answer: HttpAnswer): RunStart {
  const executionId = answer.headers.get('x-execution-id')
  const type = answer.headers.get('x-service-response-type')
  const body = answer.body

  if (answer.status === 202) {
    const receipt = AsyncReceiptSchema.safeParse(body)
    if (receipt.success) {
      return {
        kind: 'job',
        reason: 'async',
        jobId: receipt.data.jobId,
        executionId: receipt.data.executionId,
      }
    }
    const pending = PendingReceiptSchema.safeParse(body)
    if (pending.success) {
      return {
        kind: 'job',
        reason: 'sync-pending',
        jobId: jobIdFrom(pending.data.statusUrl, pending.data.executionId),
        executionId: pending.data.executionId,
      }
    }
    throw schemaFailure('the execute request (202)', pending.error)
  }
  if (answer.status === 503) {
    const gone = UnavailableSchema.safeParse(body)
    if (gone.success) {
      const execId = gone.data.executionId ?? executionId ?? jobIdFrom(gone.data.statusUrl, '')
      return {
        kind: 'job',
        reason: 'result-unavailable',
        jobId: jobIdFrom(gone.data.statusUrl, execId),
        executionId: execId,
      }
    }
  }
  if (type === 'response') {
    const headers: Record<string, string> = {}
    answer.headers.forEach((value, name) => {
      if (!HIDDEN_HEADERS.has(name)) headers[name] = scrub(value)
    })
    return { kind: 'response', executionId, httpStatus: answer.status, headers, body }
  }
  if (answer.status === 200 || answer.status === 500) {
    const parsed = ExecutionResultSchema.safeParse(body)
    if (parsed.success) {
      return {
        kind: 'result',
        httpStatus: answer.status,
        executionId: parsed.data.executionId ?? executionId,
        result: parsed.data,
      }
    }
    if (answer.status === 200) throw schemaFailure('the execute request', parsed.error)
  }
  if (answer.status >= 200 && answer.status < 300) {
    throw new BridgeFailure(
      'INVALID_RESPONSE',
      `Unexpected answer to the execute request (HTTP ${answer.status}).`,
    )
  }
  throw httpFailure(answer.status, body)
}
