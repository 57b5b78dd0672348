// Retention by the service clock: the full record for 7 days after a run ends, then the run
// history answer (same status and times, capped output, secrets removed), then 404 at 30 days;
// the sweep deletes what expired.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JobStatusSchema } from '../../src-shared/api/execution.ts'
import { definition, edge, fn, start } from '../engine/test-helpers.ts'
import { shutdownFunctionPool } from '../engine/index.ts'
import { createTestService, manualClock, type TestService } from '../testing/test-app.ts'
import { deployWorkflow, getJob } from '../testing/workflows.ts'
import { DAY_MS } from './executor.ts'
import { HISTORY_OUTPUT_MAX_BYTES, REDACTED } from './run-history.ts'

const SECRET = 'env-secret-value-123'
const clock = manualClock('2026-03-01T12:00:00.000Z')
let s: TestService
let small: string
let big: string

const leaky = definition(
  [
    start(),
    fn(
      'leak',
      `return { apiKey: 'k-live-42', note: 'uses {{TOKEN}} here', header: 'Bearer abcdefghijklmnop', count: 3 }`,
    ),
  ],
  [edge('start', 'leak')],
)
const huge = definition(
  [start(), fn('huge', `return 'x'.repeat(${HISTORY_OUTPUT_MAX_BYTES * 2})`)],
  [edge('start', 'huge')],
)

const run = async (workflowId: string) => {
  const res = await s.call(s.keys.personal, {
    method: 'POST',
    url: `/api/workflows/${workflowId}/execute`,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().executionId as string
}

const job = async (id: string) => {
  const res = await getJob(s, id)
  return { status: res.statusCode, body: res.json() }
}

beforeAll(async () => {
  s = await createTestService({ clock, execution: { env: { TOKEN: SECRET } } })
  small = await deployWorkflow(s, leaky, { name: 'leaky' })
  big = await deployWorkflow(s, huge, { name: 'huge' })
})

afterAll(async () => {
  await s.close()
  await shutdownFunctionPool()
})

describe('retention', () => {
  it('keeps the full record for 7 days, then answers from run history, then 404', async () => {
    const id = await run(small)
    const full = await job(id)
    expect(full.status).toBe(200)
    const record = JobStatusSchema.parse(full.body)
    expect(record.metadata.source).toBeUndefined()
    // The full record keeps the output as the run produced it.
    expect(record.output).toMatchObject({
      result: { apiKey: 'k-live-42', note: `uses ${SECRET} here` },
    })

    clock.advance(7 * DAY_MS - 1)
    expect(JobStatusSchema.parse((await job(id)).body).metadata.source).toBeUndefined()

    clock.advance(1)
    const history = JobStatusSchema.parse((await job(id)).body)
    expect(history).toMatchObject({
      success: true,
      taskId: id,
      status: 'completed',
      metadata: {
        source: 'run-history',
        startTime: record.metadata.startTime,
        completedAt: record.metadata.completedAt,
        duration: record.metadata.duration,
      },
      output: {
        result: {
          apiKey: REDACTED,
          note: `uses ${REDACTED} here`,
          header: REDACTED,
          count: 3,
        },
      },
    })
    expect(JSON.stringify(history)).not.toContain(SECRET)

    // The sweep removes the expired record; run history still answers.
    expect(s.app.executor.sweep().records).toBeGreaterThanOrEqual(1)
    expect(s.app.ctx.store.executions.get(id)).toBeNull()
    expect(JobStatusSchema.parse((await job(id)).body).metadata.source).toBe('run-history')

    clock.advance(23 * DAY_MS - 1)
    expect((await job(id)).status).toBe(200)
    clock.advance(1)
    expect(await job(id)).toEqual({ status: 404, body: { error: 'Job not found' } })
    expect(s.app.executor.sweep().logs).toBeGreaterThanOrEqual(1)
    expect(s.app.ctx.store.executionLogs.byExecution(id)).toBeNull()
    expect((await job(id)).status).toBe(404)
  })

  it('caps a large output in run history', async () => {
    const id = await run(big)
    clock.advance(8 * DAY_MS)
    const history = JobStatusSchema.parse((await job(id)).body)
    expect(history.metadata.source).toBe('run-history')
    const output = history.output as { truncated: boolean; bytes: number; preview: string }
    expect(output.truncated).toBe(true)
    expect(output.bytes).toBeGreaterThan(HISTORY_OUTPUT_MAX_BYTES * 2)
    expect(Buffer.byteLength(output.preview)).toBeLessThanOrEqual(HISTORY_OUTPUT_MAX_BYTES)
  })

  it('keeps failed runs’ status and error in run history', async () => {
    const failing = definition(
      [start(), fn('boom', `throw new Error('broke with {{TOKEN}}')`)],
      [edge('start', 'boom')],
    )
    const id = await deployWorkflow(s, failing, { name: 'failing' })
    const res = await s.call(s.keys.personal, {
      method: 'POST',
      url: `/api/workflows/${id}/execute`,
    })
    expect(res.statusCode).toBe(500)
    const executionId = res.json().executionId as string
    clock.advance(7 * DAY_MS + 1)
    const history = JobStatusSchema.parse((await job(executionId)).body)
    expect(history).toMatchObject({
      status: 'failed',
      error: `broke with ${REDACTED}`,
      metadata: { source: 'run-history' },
    })
    expect(history).not.toHaveProperty('output')
  })

  it('never expires a run that has not ended (queued or paused)', async () => {
    const pausing = definition(
      [start(), { ...fn('wait', ''), type: 'human_in_the_loop' }],
      [edge('start', 'wait')],
    )
    const id = await deployWorkflow(s, pausing, { name: 'pausing' })
    const res = await s.call(s.keys.personal, {
      method: 'POST',
      url: `/api/workflows/${id}/execute`,
    })
    expect(res.json().status).toBe('paused')
    clock.advance(60 * DAY_MS)
    s.app.executor.sweep()
    expect((await job(res.json().executionId)).body.status).toBe('paused')
  })
})
