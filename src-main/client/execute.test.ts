// How an execute answer is read. Unit level: constructed answers, no server.
import { describe, expect, it } from 'vitest'
import type { HttpAnswer } from './http.ts'
import { executeBody, interpretExecute, jobIdFrom, preferWaitSeconds } from './execute.ts'

function answer(status: number, body: unknown, headers: Record<string, string> = {}): HttpAnswer {
  return {
    status,
    body,
    isJson: true,
    headers: new Headers(headers),
    response: new Response(null, { status: status === 204 ? 204 : 200 }),
  }
}

describe('execute body', () => {
  it('wraps any input in `input` and adds only the controls that are set', () => {
    expect(executeBody({ workflowId: 'w', mode: 'sync', input: 'hello', controls: {} })).toEqual({
      input: 'hello',
    })
    expect(
      executeBody({
        workflowId: 'w',
        mode: 'stream',
        input: { name: 'Ada' },
        controls: { selectedOutputs: ['agent1.content'], stopAfterBlockId: undefined },
      }),
    ).toEqual({ input: { name: 'Ada' }, selectedOutputs: ['agent1.content'], stream: true })
  })
})

describe('execute request', () => {
  it('lets the service hold a sync run until a second before the client gives up', () => {
    expect(preferWaitSeconds(30_000)).toBe(29)
    expect(preferWaitSeconds(2500)).toBe(1)
    expect(preferWaitSeconds(1000)).toBe(0)
  })
})

describe('execute answers', () => {
  it('a sync result, successful or failed (HTTP 500), is a result', () => {
    const ok = interpretExecute(
      answer(
        200,
        { success: true, executionId: 'e1', output: { a: 1 }, metadata: { duration: 5 } },
        { 'x-service-response-type': 'execution', 'x-execution-id': 'e1' },
      ),
    )
    expect(ok).toMatchObject({ kind: 'result', httpStatus: 200, executionId: 'e1' })
    const failed = interpretExecute(
      answer(500, { success: false, executionId: 'e2', error: 'Function threw', output: {} }),
    )
    expect(failed).toMatchObject({ kind: 'result', httpStatus: 500, result: { success: false } })
  })

  it('a Response block answer keeps its status, headers and body (no cookies)', () => {
    const res = interpretExecute(
      answer(
        201,
        { hello: 'world' },
        {
          'x-service-response-type': 'response',
          'x-execution-id': 'e3',
          'x-custom': 'yes',
          'set-cookie': 'a=b',
        },
      ),
    )
    expect(res).toMatchObject({ kind: 'response', httpStatus: 201, body: { hello: 'world' } })
    expect(res.kind === 'response' && res.headers).toMatchObject({ 'x-custom': 'yes' })
    expect(res.kind === 'response' && res.headers['set-cookie']).toBeUndefined()
  })

  it('202 async receipt and 202 pending receipt become jobs to follow', () => {
    expect(
      interpretExecute(
        answer(202, {
          success: true,
          async: true,
          jobId: 'e4',
          executionId: 'e4',
          message: 'queued',
          statusUrl: 'http://h/api/jobs/e4',
        }),
      ),
    ).toEqual({ kind: 'job', reason: 'async', jobId: 'e4', executionId: 'e4' })
    expect(
      interpretExecute(
        answer(202, {
          success: true,
          pending: true,
          executionId: 'e5',
          statusUrl: 'http://h/api/jobs/workflow-execution%3Ae5',
        }),
      ),
    ).toEqual({
      kind: 'job',
      reason: 'sync-pending',
      jobId: 'workflow-execution:e5',
      executionId: 'e5',
    })
  })

  it('503 RESULT_UNAVAILABLE is followed by statusUrl, never resubmitted', () => {
    expect(
      interpretExecute(
        answer(503, {
          error: 'Result unavailable',
          code: 'RESULT_UNAVAILABLE',
          statusUrl: 'http://h/api/jobs/e6',
        }),
      ),
    ).toMatchObject({ kind: 'job', reason: 'result-unavailable', jobId: 'e6' })
    expect(() => interpretExecute(answer(503, { error: 'down' }))).toThrow(
      expect.objectContaining({ code: 'INTERNAL' }),
    )
  })

  it('errors map to the shared codes', () => {
    const cases: [number, unknown, string][] = [
      [400, { error: 'bad', code: 'INVALID_SELECTED_OUTPUT' }, 'INVALID_SELECTED_OUTPUT'],
      [400, { error: 'bad', details: [{ path: ['x'] }] }, 'BAD_REQUEST'],
      [401, { error: 'Invalid API key' }, 'UNAUTHORIZED'],
      [402, { error: 'Usage limit' }, 'USAGE_LIMIT_EXCEEDED'],
      [403, { error: 'no' }, 'FORBIDDEN'],
      [404, { error: 'no' }, 'NOT_FOUND'],
      [409, { error: 'chain' }, 'CONFLICT'],
      [429, { error: 'Rate limit exceeded. Please try again later.' }, 'RATE_LIMIT_EXCEEDED'],
    ]
    for (const [status, body, code] of cases) {
      expect(() => interpretExecute(answer(status, body)), String(status)).toThrow(
        expect.objectContaining({ code, status }),
      )
    }
  })

  it('takes the job id from statusUrl, else the execution id', () => {
    expect(jobIdFrom('https://x/api/jobs/abc', 'e')).toBe('abc')
    expect(jobIdFrom(undefined, 'e')).toBe('e')
    expect(jobIdFrom('not a url at all', 'e')).toBe('e')
  })
})
