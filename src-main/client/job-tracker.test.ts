import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import { afterEach, describe, expect, it } from 'vitest'
import { TrackedJobSchema, type TrackedJob } from '../../src-shared/bridge.ts'
import { BridgeFailure } from '../bridge/errors.ts'
import { jsonFile } from '../storage/json-file.ts'
import { createJobTracker, nextDelay, type PollResult } from './job-tracker.ts'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function setup(answers: (PollResult | Error)[], path?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'flowdeck-jobs-'))
  dirs.push(dir)
  const file = jsonFile(path ?? join(dir, 'jobs.json'), z.array(TrackedJobSchema), () => [])
  let now = Date.parse('2025-01-01T00:00:00Z')
  const notes: string[] = []
  const changes: string[][] = []
  const polled: string[] = []
  const tracker = createJobTracker({
    file,
    now: () => now,
    poll: async (job) => {
      polled.push(job.jobId)
      const next = answers.shift()
      if (!next) throw new Error('unexpected poll')
      if (next instanceof Error) throw next
      return next
    },
    notifier: { notify: (title, body) => notes.push(`${title} | ${body}`) },
    onChange: (ids) => changes.push(ids),
  })
  return {
    tracker,
    file,
    notes,
    changes,
    polled,
    advance: (ms: number) => (now += ms),
    path: path ?? join(dir, 'jobs.json'),
  }
}

const status = (s: string, extra: Record<string, unknown> = {}): PollResult => ({
  kind: 'status',
  body: { status: s, ...extra },
})

const newJob = {
  jobId: 'exec-1',
  executionId: 'exec-1',
  connectionId: 'c1',
  workflowId: 'wf-1',
  workflowName: 'Summarise',
  mode: 'async' as const,
}

describe('job tracker', () => {
  it('walks pending -> processing -> completed, notifying once', async () => {
    const t = setup([
      status('pending', { estimatedDuration: 10_000 }),
      status('processing'),
      status('completed', { output: { answer: 42 } }),
    ])
    t.tracker.track(newJob)
    await t.tracker.pollDue()
    expect(t.tracker.get('exec-1')).toMatchObject({ state: 'queued', serviceStatus: 'pending' })
    t.advance(60_000)
    await t.tracker.pollDue()
    expect(t.tracker.get('exec-1')!.state).toBe('processing')
    t.advance(60_000)
    await t.tracker.pollDue()
    expect(t.tracker.get('exec-1')).toMatchObject({ state: 'completed', output: { answer: 42 } })
    expect(t.tracker.get('exec-1')!.nextPollAt).toBeNull()
    t.advance(60_000)
    expect(await t.tracker.pollDue()).toEqual([])
    expect(t.notes).toEqual(['Flowdeck: Summarise | Summarise finished successfully.'])
  })

  it('treats queued like pending, surfaces paused, reports failures and cancellations', async () => {
    const t = setup([status('queued'), status('paused'), status('failed', { error: 'boom' })])
    t.tracker.track(newJob)
    await t.tracker.pollDue()
    expect(t.tracker.get('exec-1')!.state).toBe('queued')
    t.advance(60_000)
    await t.tracker.pollDue()
    expect(t.tracker.get('exec-1')!.state).toBe('paused')
    expect(t.notes).toEqual([])
    t.advance(60_000)
    await t.tracker.pollDue()
    expect(t.tracker.get('exec-1')).toMatchObject({ state: 'failed', error: 'boom' })
    expect(t.notes[0]).toMatch(/failed: boom/)

    const c = setup([status('cancelled')])
    c.tracker.track(newJob)
    await c.tracker.pollDue()
    expect(c.tracker.get('exec-1')!.state).toBe('cancelled')
  })

  it('keeps a paused run’s contextId and prompt, and drops them once it moves on', async () => {
    const pause = { status: 'paused', contextId: 'ctx-1', blockId: 'approval', prompt: 'OK?' }
    const t = setup([
      status('paused', { output: pause }),
      status('processing'),
      status('completed', { output: { done: true } }),
    ])
    t.tracker.track(newJob)
    await t.tracker.pollDue()
    expect(t.tracker.get('exec-1')).toMatchObject({
      state: 'paused',
      contextId: 'ctx-1',
      prompt: 'OK?',
    })
    expect(TrackedJobSchema.parse(t.file.read()[0]).contextId).toBe('ctx-1')
    t.tracker.wake('exec-1')
    await t.tracker.pollDue()
    expect(t.tracker.get('exec-1')!.contextId).toBeUndefined()
    t.advance(60_000)
    await t.tracker.pollDue()
    expect(t.tracker.get('exec-1')).toMatchObject({ state: 'completed', output: { done: true } })
    expect(t.tracker.get('exec-1')!.prompt).toBeUndefined()
  })

  it('marks run-history answers and turns a 404 into the expired state', async () => {
    const t = setup([
      status('completed', {
        metadata: { source: 'run-history', startTime: '2024-12-01T00:00:00Z' },
      }),
    ])
    t.tracker.track(newJob)
    await t.tracker.pollDue()
    expect(t.tracker.get('exec-1')).toMatchObject({
      state: 'completed',
      fromRunHistory: true,
      startedAt: '2024-12-01T00:00:00Z',
    })
    const gone = setup([{ kind: 'gone' }])
    gone.tracker.track(newJob)
    await gone.tracker.pollDue()
    expect(gone.tracker.get('exec-1')!.state).toBe('expired')
    expect(gone.notes[0]).toMatch(/no longer known/)
  })

  it('keeps polling through errors with a growing delay', async () => {
    const t = setup([new BridgeFailure('NETWORK', 'offline'), status('processing')])
    t.tracker.track(newJob)
    await t.tracker.pollDue()
    const job = t.tracker.get('exec-1')!
    expect(job).toMatchObject({ consecutiveErrors: 1, lastError: 'offline', state: 'queued' })
    expect(await t.tracker.pollDue()).toEqual([]) // not due yet
    t.advance(2000)
    await t.tracker.pollDue()
    expect(t.tracker.get('exec-1')).toMatchObject({ state: 'processing', consecutiveErrors: 0 })
  })

  it('persists tracked jobs across restarts and resumes polling them', async () => {
    const first = setup([status('processing')])
    first.tracker.track(newJob)
    await first.tracker.pollDue()
    const second = setup([status('completed', { output: 'done' })], first.path)
    expect(second.tracker.list().map((j) => j.jobId)).toEqual(['exec-1'])
    expect(second.tracker.get('exec-1')!.state).toBe('processing')
    second.advance(120_000)
    await second.tracker.pollDue()
    expect(second.tracker.get('exec-1')!.state).toBe('completed')
    expect(second.file.read()[0]!.state).toBe('completed')
  })

  it('forgets a job and tells subscribers', async () => {
    const t = setup([])
    t.tracker.track(newJob)
    expect(t.tracker.forget('exec-1')).toBe(true)
    expect(t.tracker.list()).toEqual([])
    expect(t.changes.at(-1)).toEqual(['exec-1'])
  })
})

describe('poll delay', () => {
  const base: TrackedJob = {
    ...newJob,
    state: 'processing',
    serviceStatus: 'processing',
    fromRunHistory: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    nextPollAt: null,
    polls: 1,
    consecutiveErrors: 0,
  }
  const t0 = Date.parse(base.createdAt)

  it('waits for most of the estimated time left, then backs off x1.5 to 15 s', () => {
    expect(nextDelay({ ...base, estimatedDurationMs: 10_000 }, t0)).toBe(8000)
    expect(nextDelay({ ...base, estimatedDurationMs: 10_000 }, t0 + 9900)).toBe(500)
    expect(nextDelay({ ...base, estimatedDurationMs: 10_000 }, t0 + 20_000)).toBe(1000)
    expect(nextDelay({ ...base, polls: 3 }, t0)).toBe(2250)
    expect(nextDelay({ ...base, polls: 30 }, t0)).toBe(15_000)
    expect(nextDelay({ ...base, estimatedDurationMs: 3_600_000 }, t0)).toBe(15_000)
  })

  it('asks a paused run every 30 s', () => {
    expect(nextDelay({ ...base, state: 'paused' }, t0)).toBe(30_000)
  })
})
