// Follows every async run until it finishes: polls with a backoff shaped by the service's
// estimatedDuration, keeps the list across restarts, and tells people when a run is done.
import { z } from 'zod'
import type { TrackedJob, TrackedJobState } from '../../src-shared/bridge.ts'
import type { JsonFile } from '../storage/json-file.ts'
import { BridgeFailure } from '../bridge/errors.ts'

/** The fields of a job-status answer the tracker reads; anything else is kept as is. */
export const JobStatusAnswerSchema = z.looseObject({
  status: z.string(),
  output: z.unknown().optional(),
  error: z.unknown().optional(),
  estimatedDuration: z.number().optional(),
  metadata: z
    .looseObject({
      source: z.string().optional(),
      startTime: z.string().optional(),
      startedAt: z.string().optional(),
      completedAt: z.string().optional(),
    })
    .optional(),
})
export type JobStatusAnswer = z.infer<typeof JobStatusAnswerSchema>

export type PollResult = { kind: 'status'; body: JobStatusAnswer } | { kind: 'gone' }

export interface Notifier {
  notify(title: string, body: string): void
}

export interface JobTrackerDeps {
  file: JsonFile<TrackedJob[]>
  poll(job: TrackedJob): Promise<PollResult>
  now(): number
  notifier?: Notifier
  /** Whether finished runs raise a notification (a setting). */
  notificationsEnabled?(): boolean
  onChange?(jobIds: string[]): void
}

export const FINISHED: readonly TrackedJobState[] = ['completed', 'failed', 'cancelled', 'expired']
export const isFinished = (state: TrackedJobState) => FINISHED.includes(state)

const MIN_DELAY = 500
const FIRST_DELAY = 1000
const MAX_DELAY = 15_000
const PAUSED_DELAY = 30_000
const ERROR_MAX_DELAY = 60_000

/** queued and pending are one state; unknown words are kept as processing rather than dropped. */
export function stateOf(answer: JobStatusAnswer): TrackedJobState {
  switch (answer.status) {
    case 'pending':
    case 'queued':
      return 'queued'
    case 'processing':
    case 'running':
      return 'processing'
    case 'paused':
    case 'completed':
    case 'failed':
    case 'cancelled':
      return answer.status
    default:
      return 'processing'
  }
}

/**
 * When to ask again. While the service expects the run to take longer, wait for most of
 * what is left (never under 0.5 s); past the estimate, or without one, back off x1.5 from 1 s
 * up to 15 s. A paused run waits for a person, so it is asked every 30 s.
 */
export function nextDelay(job: TrackedJob, now: number): number {
  if (job.state === 'paused') return PAUSED_DELAY
  if (job.consecutiveErrors > 0) {
    return Math.min(FIRST_DELAY * 2 ** job.consecutiveErrors, ERROR_MAX_DELAY)
  }
  const grow = Math.min(FIRST_DELAY * 1.5 ** Math.max(0, job.polls - 1), MAX_DELAY)
  if (job.estimatedDurationMs !== undefined) {
    const started = Date.parse(job.startedAt ?? job.createdAt)
    const left = started + job.estimatedDurationMs - now
    if (left > 0) return Math.max(MIN_DELAY, Math.min(left * 0.8, MAX_DELAY))
  }
  return Math.max(MIN_DELAY, grow)
}

export interface NewJob {
  jobId: string
  executionId: string
  connectionId: string
  workflowId: string
  workflowName?: string
  statusUrl?: string
  mode: TrackedJob['mode']
}

export function createJobTracker(deps: JobTrackerDeps) {
  const jobs = new Map<string, TrackedJob>()
  for (const job of deps.file.read()) jobs.set(job.jobId, job)
  let timer: ReturnType<typeof setTimeout> | undefined
  let running = false
  const inFlight = new Set<string>()

  const save = () => deps.file.write([...jobs.values()])
  const changed = (ids: string[]) => {
    save()
    if (ids.length > 0) deps.onChange?.(ids)
    reschedule()
  }
  const iso = (ms: number) => new Date(ms).toISOString()

  function apply(job: TrackedJob, result: PollResult, now: number): TrackedJob {
    if (result.kind === 'gone') {
      return { ...job, state: 'expired', updatedAt: iso(now), nextPollAt: null }
    }
    const { body } = result
    const state = stateOf(body)
    const pause = state === 'paused' ? pauseIn(body.output) : undefined
    const next: TrackedJob = {
      ...job,
      state,
      serviceStatus: body.status,
      fromRunHistory: body.metadata?.source === 'run-history',
      startedAt: body.metadata?.startedAt ?? body.metadata?.startTime ?? job.startedAt,
      completedAt: body.metadata?.completedAt ?? job.completedAt,
      estimatedDurationMs: body.estimatedDuration ?? job.estimatedDurationMs,
      ...(body.output !== undefined ? { output: body.output } : {}),
      ...(body.error !== undefined ? { error: describe(body.error) } : {}),
      // Only a paused run has a pause to answer; a resumed one drops the old contextId.
      contextId: pause?.contextId,
      prompt: pause?.prompt,
      updatedAt: iso(now),
      polls: job.polls + 1,
      consecutiveErrors: 0,
      lastError: undefined,
    }
    next.nextPollAt = isFinished(state) ? null : iso(now + nextDelay(next, now))
    return next
  }

  function announce(job: TrackedJob) {
    if (!deps.notifier || deps.notificationsEnabled?.() === false) return
    const name = job.workflowName ?? 'A workflow run'
    const words: Record<string, string> = {
      completed: 'finished successfully.',
      failed: `failed${job.error ? `: ${job.error}` : '.'}`,
      cancelled: 'was cancelled.',
      expired: 'is no longer known to the service (its run history expired).',
    }
    deps.notifier.notify(`Flowdeck: ${name}`, `${name} ${words[job.state] ?? 'finished.'}`)
  }

  async function pollOne(job: TrackedJob): Promise<boolean> {
    inFlight.add(job.jobId)
    const now = () => deps.now()
    try {
      const result = await deps.poll(job)
      const current = jobs.get(job.jobId)
      if (!current) return false // forgotten while we asked
      const next = apply(current, result, now())
      jobs.set(job.jobId, next)
      if (!isFinished(current.state) && isFinished(next.state)) announce(next)
      return true
    } catch (err) {
      const current = jobs.get(job.jobId)
      if (!current) return false
      const failed: TrackedJob = {
        ...current,
        consecutiveErrors: current.consecutiveErrors + 1,
        lastError: err instanceof BridgeFailure ? err.message : 'The status check failed.',
        updatedAt: iso(now()),
      }
      failed.nextPollAt = iso(now() + nextDelay(failed, now()))
      jobs.set(job.jobId, failed)
      return true
    } finally {
      inFlight.delete(job.jobId)
    }
  }

  /** Polls every job that is due; the timer calls this, tests call it with a fake clock. */
  async function pollDue(): Promise<string[]> {
    const now = deps.now()
    const due = [...jobs.values()].filter(
      (j) =>
        !isFinished(j.state) &&
        !inFlight.has(j.jobId) &&
        (j.nextPollAt === null || Date.parse(j.nextPollAt) <= now),
    )
    const touched = await Promise.all(due.map(async (j) => ((await pollOne(j)) ? j.jobId : null)))
    const ids = touched.filter((id): id is string => id !== null)
    if (ids.length > 0) changed(ids)
    return ids
  }

  function reschedule() {
    if (!running) return
    if (timer) clearTimeout(timer)
    const live = [...jobs.values()].filter((j) => !isFinished(j.state))
    if (live.length === 0) return
    const soonest = Math.min(...live.map((j) => (j.nextPollAt ? Date.parse(j.nextPollAt) : 0)))
    timer = setTimeout(
      () => {
        timer = undefined
        void pollDue().finally(reschedule)
      },
      Math.max(0, soonest - deps.now()),
    )
    timer.unref?.()
  }

  return {
    /** Starts the timer; jobs loaded from disk that are still live are polled at once. */
    start() {
      running = true
      reschedule()
    },
    stop() {
      running = false
      if (timer) clearTimeout(timer)
      timer = undefined
    },
    track(input: NewJob): TrackedJob {
      const now = iso(deps.now())
      const job: TrackedJob = {
        ...input,
        state: 'queued',
        serviceStatus: 'pending',
        fromRunHistory: false,
        createdAt: now,
        updatedAt: now,
        nextPollAt: now,
        polls: 0,
        consecutiveErrors: 0,
      }
      jobs.set(job.jobId, job)
      changed([job.jobId])
      return job
    },
    list(): TrackedJob[] {
      return [...jobs.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    },
    get(jobId: string): TrackedJob | undefined {
      return jobs.get(jobId)
    },
    /** Polls one job now (the "refresh" button, or a resumed run). */
    async refresh(jobId: string): Promise<TrackedJob | undefined> {
      const job = jobs.get(jobId)
      if (!job) return undefined
      if (await pollOne(job)) changed([jobId])
      return jobs.get(jobId)
    },
    /** A resumed paused run is live again: poll it soon. */
    wake(jobId: string) {
      const job = jobs.get(jobId)
      if (!job) return
      jobs.set(jobId, { ...job, state: 'processing', nextPollAt: iso(deps.now()), polls: 0 })
      changed([jobId])
    },
    forget(jobId: string): boolean {
      const had = jobs.delete(jobId)
      if (had) changed([jobId])
      return had
    },
    pollDue,
  }
}

export type JobTracker = ReturnType<typeof createJobTracker>

/** `{status: 'paused', contextId, prompt?}`: what a paused run's output says about its pause. */
function pauseIn(output: unknown): { contextId: string; prompt?: string } | undefined {
  if (!output || typeof output !== 'object') return undefined
  const { contextId, prompt } = output as { contextId?: unknown; prompt?: unknown }
  if (typeof contextId !== 'string') return undefined
  return { contextId, ...(typeof prompt === 'string' ? { prompt } : {}) }
}

function describe(error: unknown): string {
  if (typeof error === 'string') return error
  if (error && typeof error === 'object' && 'message' in error) {
    return String((error as { message: unknown }).message)
  }
  return JSON.stringify(error)
}
