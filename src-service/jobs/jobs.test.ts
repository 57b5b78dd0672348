// The job state machine through the routes: pending -> processing -> completed | failed |
// cancelled, paused and resumed, estimatedDuration, cancel, and the usage seam (admitted once,
// settled once per segment, refusals pass through untouched).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AsyncReceiptSchema,
  CancelResponseSchema,
  JobStatusSchema,
} from '../../src-shared/api/execution.ts'
import { EXECUTE_RATE_LIMIT_MESSAGE } from '../../src-shared/api/common.ts'
import { shutdownFunctionPool } from '../engine/index.ts'
import { ServiceError } from '../services/errors.ts'
import { recordingGate } from '../testing/recording-gate.ts'
import { createTestService, type TestService } from '../testing/test-app.ts'
import { deploySample, getJob, waitForJob } from '../testing/workflows.ts'

const gate = recordingGate()
let s: TestService
const ids: Record<string, string> = {}

const start = async (name: string, payload: object, mode: 'async' | 'sync' = 'async') => {
  const res = await s.call(s.keys.personal, {
    method: 'POST',
    url: `/api/workflows/${ids[name]}/execute`,
    payload,
    headers: mode === 'async' ? { 'x-execution-mode': 'async' } : {},
  })
  expect(res.statusCode, res.body).toBe(mode === 'async' ? 202 : 200)
  return mode === 'async' ? AsyncReceiptSchema.parse(res.json()).jobId : res.json().executionId
}

const cancel = async (name: string, executionId: string) => {
  const res = await s.call(s.keys.personal, {
    method: 'POST',
    url: `/api/workflows/${ids[name]}/executions/${executionId}/cancel`,
  })
  expect(res.statusCode, res.body).toBe(200)
  return CancelResponseSchema.parse(res.json())
}

const settlementsOf = (executionId: string) =>
  gate.settled.filter((u) => u.executionId === executionId)

beforeAll(async () => {
  // One worker, so a second job provably waits in `pending`.
  s = await createTestService({ gate, execution: { workers: 1, pollMs: 20 } })
  for (const name of ['slow-job', 'branching', 'fails-on-purpose', 'approval', 'report']) {
    ids[name] = await deploySample(s, name)
  }
}, 30_000)

afterAll(async () => {
  await s.close()
  await shutdownFunctionPool()
})

describe('job states', () => {
  it('pending while the workers are busy, processing, then completed with output', async () => {
    const first = await start('slow-job', { seconds: 30 })
    const busy = await waitForJob(s, first, (j) => j.status === 'processing')
    expect(busy.metadata.startedAt).toBeDefined()
    const second = await start('branching', { number: 3 })
    const waiting = JobStatusSchema.parse((await getJob(s, second)).json())
    expect(waiting.status).toBe('pending')
    expect(waiting).not.toHaveProperty('output')
    expect(waiting.metadata.startedAt).toBeUndefined()

    // Cancelling the long run frees the worker; the queued one runs next.
    expect(await cancel('slow-job', first)).toEqual({ success: true, executionId: first })
    expect(await waitForJob(s, first)).toMatchObject({
      status: 'cancelled',
      error: 'The workflow run was cancelled',
    })
    const done = await waitForJob(s, second)
    expect(done).toMatchObject({
      success: true,
      status: 'completed',
      output: { result: '3 is 10 or less' },
      metadata: { startTime: expect.any(String), completedAt: expect.any(String) },
    })
    expect(done.metadata.duration).toBeGreaterThanOrEqual(0)
    expect(done).not.toHaveProperty('estimatedDuration')
  })

  it('failed with the error and no output', async () => {
    const id = await start('fails-on-purpose', { reason: 'jobs' })
    const job = await waitForJob(s, id)
    expect(job).toMatchObject({ status: 'failed', error: 'This workflow fails on purpose: jobs' })
    expect(job).not.toHaveProperty('output')
  })

  it('cancels a queued run at once, and says success false for a finished one', async () => {
    const blocker = await start('slow-job', { seconds: 30 })
    await waitForJob(s, blocker, (j) => j.status === 'processing')
    const queued = await start('branching', { number: 50 })
    expect(await cancel('branching', queued)).toEqual({ success: true, executionId: queued })
    expect((await waitForJob(s, queued)).status).toBe('cancelled')
    // Settled once, as cancelled, although it never ran.
    expect(settlementsOf(queued)).toMatchObject([{ status: 'cancelled', blocksExecuted: 0 }])
    await cancel('slow-job', blocker)
    await waitForJob(s, blocker)
    expect(await cancel('slow-job', blocker)).toEqual({ success: false, executionId: blocker })

    const other = await s.call(s.keys.personal, {
      method: 'POST',
      url: `/api/workflows/${ids.branching}/executions/${blocker}/cancel`,
    })
    expect(other.statusCode).toBe(404)
  })

  it('estimates the duration of a waiting or running job from recent runs', async () => {
    const quick = await start('slow-job', { seconds: 0.05 })
    await waitForJob(s, quick)
    const running = await start('slow-job', { seconds: 30 })
    const job = await waitForJob(s, running, (j) => j.status === 'processing')
    expect(job.estimatedDuration).toBeGreaterThan(0)
    await cancel('slow-job', running)
    await waitForJob(s, running)
  })

  it('paused until resumed with input; the run continues in the background', async () => {
    const id = await start('approval', { request: 'a desk' })
    const paused = await waitForJob(s, id, (j) => j.status === 'paused')
    const pause = paused.output as { contextId: string; prompt: string; inputFormat: unknown[] }
    expect(pause).toMatchObject({
      status: 'paused',
      prompt: 'Approve the request for a desk?',
      contextId: expect.any(String),
    })
    expect(pause.inputFormat).toHaveLength(2)
    const resumeUrl = (contextId: string) => `/api/resume/${ids.approval}/${id}/${contextId}`

    const wrongContext = await s.call(s.keys.personal, {
      method: 'POST',
      url: resumeUrl('00000000-0000-4000-8000-000000000000'),
      payload: { input: {} },
    })
    expect(wrongContext.statusCode).toBe(404)

    const resumed = await s.call(s.keys.personal, {
      method: 'POST',
      url: resumeUrl(pause.contextId),
      payload: { input: { approved: true } },
    })
    expect(resumed.statusCode, resumed.body).toBe(202)
    expect(AsyncReceiptSchema.parse(resumed.json()).jobId).toBe(id)
    const done = await waitForJob(s, id)
    expect(done).toMatchObject({ status: 'completed', output: { result: 'Approved: a desk' } })

    const again = await s.call(s.keys.personal, {
      method: 'POST',
      url: resumeUrl(pause.contextId),
      payload: { input: { approved: false } },
    })
    expect(again.statusCode).toBe(409)
    // Two segments, each admitted and settled once.
    expect(gate.admitted.filter((a) => a.workflowId === ids.approval)).toHaveLength(2)
    expect(settlementsOf(id).map((u) => u.status)).toEqual(['completed', 'completed'])
  })

  it('resumes a paused sync run synchronously', async () => {
    const id = await start('approval', { request: 'a chair' }, 'sync')
    const job = await waitForJob(s, id, (j) => j.status === 'paused')
    const { contextId } = job.output as { contextId: string }
    const res = await s.call(s.keys.personal, {
      method: 'POST',
      url: `/api/resume/${ids.approval}/${id}/${contextId}`,
      payload: { input: { approved: false, comment: 'too expensive' } },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      success: true,
      executionId: id,
      output: { result: 'Rejected: too expensive' },
    })
  })

  it('cancels a paused run', async () => {
    const id = await start('approval', {})
    await waitForJob(s, id, (j) => j.status === 'paused')
    expect(await cancel('approval', id)).toEqual({ success: true, executionId: id })
    expect((await waitForJob(s, id)).status).toBe('cancelled')
  })

  it('404 for an unknown job or one whose workflow the caller cannot see', async () => {
    const unknown = await getJob(s, '00000000-0000-4000-8000-000000000000')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ error: 'Job not found' })
    const id = await start('branching', { number: 1 })
    await waitForJob(s, id)
    const stranger = s.createKey(
      { type: 'personal', name: 'stranger' },
      s.createUser('Someone Else'),
    )
    expect((await getJob(s, id, stranger)).statusCode).toBe(404)
    expect((await getJob(s, id, s.keys.organizationRead)).statusCode).toBe(200)
    expect((await getJob(s, id, null)).statusCode).toBe(401)
  })
})

describe('the usage seam', () => {
  it('admits every run once with its mode and settles it once when it ends', async () => {
    const sync = await start('branching', { number: 20 }, 'sync')
    const queued = await start('branching', { number: 21 })
    await waitForJob(s, queued)
    const failed = await s.call(s.keys.personal, {
      method: 'POST',
      url: `/api/workflows/${ids['fails-on-purpose']}/execute`,
    })
    expect(failed.statusCode).toBe(500)
    expect(settlementsOf(failed.json().executionId)).toMatchObject([
      { status: 'failed', blocksExecuted: 2, orphan: false },
    ])
    for (const id of [sync, queued]) {
      expect(settlementsOf(id)).toMatchObject([
        { status: 'completed', blocksExecuted: 3, orphan: false, billedUserId: s.owner.id },
      ])
    }
    const modes = gate.admitted.map((a) => a.mode)
    expect(modes).toContain('sync')
    expect(modes).toContain('async')
    const billed = s.app.ctx.store.executions.get(queued)!.billedUserId
    expect(billed).toBe(s.owner.id)
  })

  it('passes a refusal through (429, 402) and records nothing', async () => {
    const count = () =>
      Number(s.app.ctx.store.db.raw.prepare('SELECT COUNT(*) AS n FROM executions').get()!.n)
    const before = count()
    gate.refuse = new ServiceError('rate_limited', EXECUTE_RATE_LIMIT_MESSAGE)
    const limited = await s.call(s.keys.personal, {
      method: 'POST',
      url: `/api/workflows/${ids.branching}/execute`,
      payload: { number: 1 },
      headers: { 'x-execution-mode': 'async' },
    })
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({ error: EXECUTE_RATE_LIMIT_MESSAGE })
    expect(limited.headers['retry-after']).toBeUndefined()

    gate.refuse = new ServiceError('payment_required', 'Usage limit exceeded')
    const broke = await s.call(s.keys.personal, {
      method: 'POST',
      url: `/api/workflows/${ids.branching}/execute`,
      payload: { number: 1 },
    })
    expect(broke.statusCode).toBe(402)
    expect(broke.json()).toEqual({ error: 'Usage limit exceeded' })
    gate.refuse = null
    expect(count()).toBe(before)
  })
})
