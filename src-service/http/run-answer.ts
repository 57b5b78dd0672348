// How an admitted run answers over HTTP, for execute and resume alike: the async receipt, the
// sync result (or a Response block's own reply, or the pending receipt once the sync wait limit
// passes, or 503 when the service stopped under the run), and the SSE stream.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { SERVICE_ERROR_CODES } from '../../src-shared/api/common.ts'
import { API_HEADERS } from '../../src-shared/api/endpoints.ts'
import { SSE_DONE, eventFrame, sseFrame, terminalFrame, type StreamFrame } from '../engine/index.ts'
import type { Executor, SegmentResult } from '../jobs/executor.ts'
import { RESULT_UNAVAILABLE, executionResult, type Admitted } from '../services/executions.ts'
import { ServiceError } from '../services/errors.ts'

declare module 'fastify' {
  interface FastifyInstance {
    executor: Executor
  }
}

export interface AnswerOptions {
  executor: Executor
  /** How long a sync request waits for its result before the 202 pending receipt. */
  syncWaitMs: number
  /** The human's answer when this segment resumes a paused run. */
  resume?: { value: unknown }
}

export function statusUrlOf(request: FastifyRequest, executionId: string): string {
  return `${request.protocol}://${request.host}/api/jobs/${encodeURIComponent(executionId)}`
}

export async function answerRun(
  request: FastifyRequest,
  reply: FastifyReply,
  admitted: Admitted,
  options: AnswerOptions,
): Promise<unknown> {
  const { record, ticket } = admitted
  reply.header(API_HEADERS.executionId, record.id)
  if (record.mode === 'async') {
    options.executor.enqueue(record, ticket)
    return reply.code(202).send({
      success: true,
      async: true,
      jobId: record.id,
      executionId: record.id,
      message: options.resume
        ? 'Workflow run resumed in the background'
        : 'Workflow execution queued',
      statusUrl: statusUrlOf(request, record.id),
    })
  }
  if (record.mode === 'stream') return streamRun(reply, admitted, options)

  const live = options.executor.run(
    record,
    ticket,
    options.resume ? { resumeInput: options.resume.value } : {},
  )
  const result = await within(live.done, syncWait(request, options.syncWaitMs))
  if (result === undefined) {
    // Still running: the caller polls; the run goes on and its result lands in the record.
    return reply.code(202).send({
      success: true,
      pending: true,
      executionId: record.id,
      statusUrl: statusUrlOf(request, record.id),
    })
  }
  return sendResult(request, reply, record.id, result)
}

/** `Prefer: wait=N` (RFC 7240) shortens the wait, so a client with its own timeout gets the
 * pending receipt (and the execution id) before it gives up. */
function syncWait(request: FastifyRequest, limitMs: number): number {
  const prefer = request.headers.prefer
  const match = /(?:^|[,;\s])wait=(\d+)/i.exec(
    Array.isArray(prefer) ? prefer.join(',') : (prefer ?? ''),
  )
  return match ? Math.min(limitMs, Number(match[1]) * 1000) : limitMs
}

async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined
  try {
    return await Promise.race([
      promise,
      new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms))),
    ])
  } finally {
    clearTimeout(timer)
  }
}

/** Headers a Response block may not set: they belong to the transport or to the service. */
const RESERVED_HEADERS = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'x-execution-id',
  'x-service-response-type',
])

function sendResult(
  request: FastifyRequest,
  reply: FastifyReply,
  executionId: string,
  result: SegmentResult,
) {
  if (result.conflict) throw new ServiceError('conflict', result.conflict)
  if (result.lost) {
    return reply.code(503).send({
      error: RESULT_UNAVAILABLE,
      code: SERVICE_ERROR_CODES.resultUnavailable,
      statusUrl: statusUrlOf(request, executionId),
      executionId,
    })
  }
  const { outcome } = result
  if (outcome.status === 'success' && outcome.response) {
    const { data, status, headers } = outcome.response
    for (const [name, value] of Object.entries(headers)) {
      if (!RESERVED_HEADERS.has(name.toLowerCase())) reply.header(name, value)
    }
    reply.header(API_HEADERS.responseType, 'response').code(status)
    const type = String(reply.getHeader('content-type') ?? '')
    if (typeof data === 'string' && type !== '' && !/json/i.test(type)) return reply.send(data)
    if (type === '') reply.type('application/json; charset=utf-8')
    return reply.send(JSON.stringify(data ?? null))
  }
  const { httpStatus, body } = executionResult(executionId, outcome)
  return reply.header(API_HEADERS.responseType, 'execution').code(httpStatus).send(body)
}

/**
 * SSE (API-NOTES, "Stream frames"): frames are written as the engine produces them, then one
 * terminal frame and `[DONE]`. A client that goes away cancels the run.
 */
function streamRun(reply: FastifyReply, admitted: Admitted, options: AnswerOptions) {
  const { record, ticket } = admitted
  reply.hijack()
  const raw = reply.raw
  raw.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
    [API_HEADERS.executionId]: record.id,
  })
  raw.flushHeaders()
  let ended = false
  const write = (frame: StreamFrame) => {
    if (!raw.destroyed && !raw.writableEnded) raw.write(sseFrame(frame))
  }
  const live = options.executor.run(record, ticket, {
    onEvent: (event) => {
      const frame = eventFrame(event)
      if (frame) write(frame)
    },
    ...(options.resume ? { resumeInput: options.resume.value } : {}),
  })
  raw.on('close', () => {
    if (!ended) options.executor.cancel(record.id)
  })
  return live.done.then(
    (result) => {
      ended = true
      const frame: StreamFrame = result.conflict
        ? { event: 'error', error: result.conflict }
        : result.lost
          ? { event: 'error', error: RESULT_UNAVAILABLE }
          : terminalFrame(result.outcome)
      write(frame)
      if (!raw.destroyed && !raw.writableEnded) raw.end(SSE_DONE)
      return reply
    },
    (error: unknown) => {
      ended = true
      write({ event: 'error', error: 'The run stopped unexpectedly' })
      if (!raw.destroyed && !raw.writableEnded) raw.end(SSE_DONE)
      reply.log.error({ err: error }, 'stream run failed')
      return reply
    },
  )
}
