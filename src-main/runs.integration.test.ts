// Runs through the bridge against the REAL local service: sync, async (followed by the job
// tracker), stream (frames pushed to the subscriber), a sync run longer than the client timeout
// (followed as a job), a paused run resumed with the tracked contextId, and a scan of every
// answer and event for keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChannelName, TrackedJob } from '../src-shared/bridge.ts'
import type { Core } from './core.ts'
import { startRealCore, type RealCore } from './testing/real-core.ts'

const notes: string[] = []
const events: unknown[] = []
let h: RealCore
let core: Core
let connectionId = ''
let workflows: Record<string, string> = {}
const ok = <T>(name: ChannelName, input: unknown) => h.ok<T>(name, input)

beforeAll(async () => {
  h = await startRealCore('runs', {
    notifier: { notify: (title, body) => void notes.push(`${title}: ${body}`) },
  })
  core = h.core
  core.setEmit((_id, event, payload) => events.push({ event, payload }))
  connectionId = h.connectionId
  const page = await ok<{ data: { id: string; name: string }[] }>('workflows:list', {
    connectionId,
  })
  workflows = Object.fromEntries(page.data.map((w) => [w.name, w.id]))
}, 60_000)

afterAll(() => h.stop())

const POLL = { timeout: 30_000, interval: 500 }
/** The tracker's state of a job after it has polled whatever is due. */
async function trackedState(jobId: string): Promise<string> {
  await core.deps.tracker.pollDue()
  return (await ok<TrackedJob>('jobs:get', { jobId })).state
}

describe('runs through the bridge', () => {
  it('sync: the greeting workflow answers', async () => {
    const res = await ok<{ kind: string }>('runs:start', {
      connectionId,
      workflowId: workflows.greeting,
      mode: 'sync',
      input: { name: 'Ada' },
    })
    expect(['result', 'response']).toContain(res.kind)
    expect(JSON.stringify(res)).toContain('Ada')
  })

  it('async: tracked until completed, then notified', async () => {
    const res = await ok<{ kind: string; jobId: string }>('runs:start', {
      connectionId,
      workflowId: workflows.greeting,
      workflowName: 'greeting',
      mode: 'async',
      input: { name: 'Grace' },
    })
    expect(res).toMatchObject({ kind: 'job' })
    await expect.poll(() => trackedState(res.jobId), POLL).toBe('completed')
    expect(notes.some((n) => n.includes('greeting'))).toBe(true)
  })

  it('stream: frames reach the subscriber, then the end', async () => {
    const res = await ok<{ kind: string; runId: string }>('runs:start', {
      connectionId,
      workflowId: workflows.greeting,
      mode: 'stream',
      input: { name: 'Linus' },
    })
    expect(res.kind).toBe('stream')
    await expect
      .poll(
        () =>
          events.some(
            (s) =>
              (s as { payload?: { runId?: string; event?: { type?: string } } }).payload?.runId ===
                res.runId &&
              (s as { payload: { event: { type: string } } }).payload.event.type === 'end',
          ),
        { timeout: 30_000 },
      )
      .toBe(true)
  })

  it('a sync run longer than the client timeout comes back as a job to follow', async () => {
    const before = core.deps.settings.get().timeoutMs
    core.deps.settings.update({ timeoutMs: 2000 })
    try {
      const res = await ok<{ kind: string; reason: string; jobId: string; executionId: string }>(
        'runs:start',
        {
          connectionId,
          workflowId: workflows['slow-job'],
          workflowName: 'slow-job',
          mode: 'sync',
          input: { seconds: 3 },
        },
      )
      // The service answered its pending receipt before the 2 s client timeout fired.
      expect(res).toMatchObject({ kind: 'job', reason: 'sync-pending' })
      expect(res.jobId).toBe(res.executionId)
      const tracked = await ok<TrackedJob>('jobs:get', { jobId: res.jobId })
      expect(tracked).toMatchObject({ mode: 'sync-pending', executionId: res.executionId })
      await expect.poll(() => trackedState(res.jobId), POLL).toBe('completed')
    } finally {
      core.deps.settings.update({ timeoutMs: before })
    }
  })

  it('a paused job carries its contextId; resuming with it completes the run', async () => {
    const res = await ok<{ kind: string; jobId: string; executionId: string }>('runs:start', {
      connectionId,
      workflowId: workflows.approval,
      workflowName: 'approval',
      mode: 'async',
      input: { request: 'a standing desk' },
    })
    const paused = async () => {
      await core.deps.tracker.refresh(res.jobId)
      return ok<TrackedJob>('jobs:get', { jobId: res.jobId })
    }
    await expect.poll(async () => (await paused()).state, { timeout: 30_000 }).toBe('paused')
    const job = await paused()
    expect(job.contextId).toEqual(expect.any(String))
    expect(job.prompt).toBe('Approve the request for a standing desk?')
    const resumed = await ok<{ jobId: string | null }>('runs:resume', {
      connectionId,
      workflowId: workflows.approval,
      executionId: res.executionId,
      contextId: job.contextId,
      input: { approved: true },
    })
    expect(resumed.jobId).toBe(res.jobId)
    await expect
      .poll(
        async () => {
          await core.deps.tracker.refresh(res.jobId)
          return ok<TrackedJob>('jobs:get', { jobId: res.jobId })
        },
        { timeout: 30_000, interval: 250 },
      )
      .toMatchObject({ state: 'completed', output: { result: 'Approved: a standing desk' } })
    expect((await ok<TrackedJob>('jobs:get', { jobId: res.jobId })).contextId).toBeUndefined()
  })

  it('workflow detail lists the inputs with their defaults', async () => {
    const detail = await ok<{ data: { inputs: { name: string; default?: unknown }[] } }>(
      'workflows:detail',
      { connectionId, workflowId: workflows.greeting },
    )
    expect(detail.data.inputs).toEqual([{ name: 'name', type: 'string', default: 'World' }])
  })

  it('async requests with sync-only controls are refused before sending', async () => {
    const result = await h.call('runs:start', {
      connectionId,
      workflowId: workflows.greeting ?? 'x',
      mode: 'async',
      input: {},
      controls: { selectedOutputs: ['greet.result'] },
    })
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } })
  })

  it('no answer or pushed event carries a key', () => {
    expect(h.answers.length).toBeGreaterThan(0)
    expect(events.length).toBeGreaterThan(0)
    expect(JSON.stringify([h.answers, events])).not.toContain('sk-service-')
  })
})
