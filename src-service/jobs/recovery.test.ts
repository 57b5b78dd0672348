// Recovery in one process: a run whose worker died (its lease expired) is retried or failed with
// a reason, a sync run left behind by an earlier process is failed, a graceful close puts async
// runs back in the queue, and a sync caller whose run the closing service had to stop gets 503
// RESULT_UNAVAILABLE (over real HTTP). The kill -9 case with real processes is restart.test.ts.
import { rmSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { ResultUnavailableBodySchema } from '../../src-shared/api/common.ts'
import { JobStatusSchema } from '../../src-shared/api/execution.ts'
import { shutdownFunctionPool } from '../engine/index.ts'
import { buildApp, type App } from '../http/app.ts'
import { recordingGate } from '../testing/recording-gate.ts'
import { createTestService, manualClock, type TestService } from '../testing/test-app.ts'
import { deploySample, sampleDefinition, waitForJob } from '../testing/workflows.ts'
import { INTERRUPTED_SYNC } from './executor.ts'

afterAll(() => shutdownFunctionPool())

/** Admits an async run straight into the store and claims it for a worker that then dies. */
function abandonedRun(s: TestService, workflowId: string, maxAttempts: number, leaseMs: number) {
  const { executions } = s.app.ctx.store
  const record = executions.admit({
    workflowId,
    workspaceId: s.workspace.id,
    mode: 'async',
    callerUserId: s.owner.id,
    keyId: null,
    billedUserId: s.owner.id,
    definition: sampleDefinition('branching'),
    input: { number: 99 },
    options: {},
    maxAttempts,
  })
  // Same tick as the admit: no worker of this process can claim it first.
  const claimed = executions.claim('a-worker-that-died', s.app.ctx.clock.now().getTime() + leaseMs)
  expect(claimed?.id).toBe(record.id)
  return record.id
}

async function jobOn(app: App, key: string, id: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/jobs/${id}`,
    headers: { 'x-api-key': key },
  })
  return JobStatusSchema.parse(res.json())
}

async function waitOn(app: App, key: string, id: string, states: string[]) {
  for (let i = 0; i < 800; i++) {
    const job = await jobOn(app, key, id)
    if (states.includes(job.status)) return job
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`job ${id} never reached ${states.join('/')}`)
}

describe('expired leases', () => {
  it('retries a run whose worker died, then fails one that is out of attempts', async () => {
    const clock = manualClock()
    const gate = recordingGate()
    const s = await createTestService({ clock, gate, execution: { pollMs: 10, leaseMs: 1000 } })
    try {
      const workflowId = await deploySample(s, 'branching')
      const retried = abandonedRun(s, workflowId, 2, 1000)
      const givenUp = abandonedRun(s, workflowId, 1, 1000)
      // Lease still valid: nobody touches them.
      await new Promise((resolve) => setTimeout(resolve, 60))
      expect(s.app.ctx.store.executions.get(retried)!.status).toBe('processing')

      clock.advance(1001)
      const done = await waitForJob(s, retried)
      expect(done).toMatchObject({
        status: 'completed',
        output: { result: '99 is bigger than 10' },
      })
      expect(s.app.ctx.store.executions.get(retried)!.attempts).toBe(2)

      const failed = await waitForJob(s, givenUp)
      expect(failed.status).toBe('failed')
      expect(failed.error).toMatch(
        /service stopped while this run was in progress \(attempt 1 of 1\)/,
      )
      // Neither had a ticket in this process: both settle as orphans, once, to the billed user.
      expect(gate.settled.filter((u) => u.executionId === retried)).toMatchObject([
        { status: 'completed', orphan: true, billedUserId: s.owner.id },
      ])
      expect(gate.settled.filter((u) => u.executionId === givenUp)).toMatchObject([
        { status: 'failed', orphan: true, billedUserId: s.owner.id },
      ])
    } finally {
      await s.close()
    }
  })
})

describe('restarting on the same data folder', () => {
  it('fails sync runs an earlier process left running, with the reason', async () => {
    const s = await createTestService()
    const workflowId = await deploySample(s, 'greeting')
    const left = s.app.ctx.store.executions.admit({
      workflowId,
      workspaceId: s.workspace.id,
      mode: 'sync',
      callerUserId: s.owner.id,
      keyId: null,
      billedUserId: s.owner.id,
      definition: sampleDefinition('greeting'),
      input: {},
      options: {},
      maxAttempts: 1,
    })
    await s.app.close()
    const gate = recordingGate()
    const next = await buildApp({ dataDir: s.dataDir, gate })
    try {
      const job = await jobOn(next, s.keys.personal, left.id)
      expect(job).toMatchObject({ status: 'failed', error: INTERRUPTED_SYNC })
      expect(gate.settled).toMatchObject([{ executionId: left.id, status: 'failed', orphan: true }])
    } finally {
      await next.close()
      rmSync(s.dataDir, { recursive: true, force: true })
    }
  })

  it('a graceful close puts running async runs back in the queue; the next start runs them', async () => {
    const s = await createTestService({ execution: { shutdownGraceMs: 0 } })
    const workflowId = await deploySample(s, 'slow-job')
    const res = await s.call(s.keys.personal, {
      method: 'POST',
      url: `/api/workflows/${workflowId}/execute`,
      payload: { seconds: 0.4 },
      headers: { 'x-execution-mode': 'async' },
    })
    const id = res.json().jobId as string
    await waitForJob(s, id, (j) => j.status === 'processing')
    await s.app.close()

    const gate = recordingGate()
    const next = await buildApp({ dataDir: s.dataDir, gate })
    try {
      // Left pending with its attempt not counted, never processing without a worker.
      const record = next.ctx.store.executions.get(id)!
      expect(['pending', 'processing']).toContain(record.status)
      const done = await waitOn(next, s.keys.personal, id, ['completed', 'failed'])
      expect(done).toMatchObject({ status: 'completed', output: { result: { done: true } } })
      expect(next.ctx.store.executions.get(id)!.attempts).toBe(1)
      expect(gate.settled).toMatchObject([{ executionId: id, status: 'completed', orphan: true }])
    } finally {
      await next.close()
      rmSync(s.dataDir, { recursive: true, force: true })
    }
  })

  it('answers a waiting sync caller 503 RESULT_UNAVAILABLE when the service stops under its run', async () => {
    const s = await createTestService({ execution: { shutdownGraceMs: 0 } })
    const workflowId = await deploySample(s, 'slow-job')
    const url = await s.app.listen({ host: '127.0.0.1', port: 0 })
    const pending = fetch(`${url}/api/workflows/${workflowId}/execute`, {
      method: 'POST',
      headers: { 'x-api-key': s.keys.personal, 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 30 }),
    })
    // Wait until the run is admitted and running, then stop the service.
    for (let i = 0; i < 200; i++) {
      const row = s.app.ctx.store.db.raw
        .prepare("SELECT id FROM executions WHERE status = 'processing'")
        .get()
      if (row) break
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    const [res] = await Promise.all([pending, s.app.close()])
    expect(res.status).toBe(503)
    const body = ResultUnavailableBodySchema.parse(await res.json())
    expect(body.code).toBe('RESULT_UNAVAILABLE')
    expect(body.statusUrl).toBe(`${url}/api/jobs/${body.executionId}`)
    expect(res.headers.get('x-execution-id')).toBe(body.executionId)

    const next = await buildApp({ dataDir: s.dataDir })
    try {
      const job = await jobOn(next, s.keys.personal, body.executionId!)
      expect(job).toMatchObject({
        status: 'failed',
        error: 'The service stopped before this run finished',
      })
    } finally {
      await next.close()
      rmSync(s.dataDir, { recursive: true, force: true })
    }
  })
})
