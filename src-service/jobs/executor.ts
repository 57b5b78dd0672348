// Runs admitted executions: sync and stream runs at once in this process, async runs through a
// worker pool that claims them from the store with a renewable lease. It also recovers what an
// earlier process left behind (expired leases, interrupted sync runs), settles every run's
// usage exactly once, sweeps expired records, and stops gracefully.
import { randomUUID } from 'node:crypto'
import {
  CallChainError,
  parseDefinition,
  runWorkflow,
  sharedFunctionPool,
  type CallWorkflow,
  type Definition,
  type EngineEvent,
  type FunctionPool,
  type RunOutcome,
  type RunRequest,
} from '../engine/index.ts'
import type { PausedState } from '../engine/types.ts'
import type { ServiceContext } from '../services/context.ts'
import type { AdmissionTicket, RunUsage } from '../services/execution-gate.ts'
import { runCost } from '../services/billing.ts'
import type { ExecutionRecord, RunEnd } from '../store/executions-repo.ts'
import { historyData } from './run-history.ts'

export interface ExecutorOptions {
  /** Async runs at once (worker pool size). Default 4. */
  workers?: number
  /** How long a claimed async run stays ours without renewal, in ms. Default 15 s. */
  leaseMs?: number
  /** Attempts an async run gets when its process dies mid-run. Default 2 (one retry). */
  maxAttempts?: number
  /** How often idle workers look for runs and expired leases, in ms. Default 1 s. */
  pollMs?: number
  /** On close, how long running runs may take to finish before they are stopped. Default 3 s. */
  shutdownGraceMs?: number
  /** How often expired records and run history are deleted, in ms. Default 1 h. */
  sweepMs?: number
  /** The OpenAI-compatible endpoint agent blocks call. */
  llm?: { baseUrl: string; apiKey?: string }
  /** Values for `{{NAME}}` references; redacted from run history. */
  env?: Record<string, string>
  /** Function-block sandbox; defaults to the process-wide pool. */
  pool?: FunctionPool
}

export const DAY_MS = 24 * 60 * 60 * 1000
/** Full execution records are kept this long after a run ends (spec, Job record retention). */
export const RECORD_RETENTION_MS = 7 * DAY_MS
/** Run history (the log row) is kept this long after a run ends. */
export const HISTORY_RETENTION_MS = 30 * DAY_MS

/** Abort reason when the service stops under a run: not a cancellation by anyone. */
export class ServiceStopping extends Error {
  constructor() {
    super('The service stopped before this run finished')
    this.name = 'ServiceStopping'
  }
}

export interface SegmentResult {
  outcome: RunOutcome
  /** The call chain was invalid (a cycle or too deep): the request's 409. */
  conflict?: string
  /** The service stopped under the run: its result is not available to the caller. */
  lost?: boolean
}

export interface LiveRun {
  executionId: string
  controller: AbortController
  done: Promise<SegmentResult>
}

export type CancelResult = 'stopping' | 'cancelled' | 'not-running'

/** Definitions parsed at admission: a run started in the same process need not parse again. */
const parsedDefinitions = new WeakSet<object>()
export function markParsed(definition: Definition): Definition {
  parsedDefinitions.add(definition)
  return definition
}

export const INTERRUPTED_SYNC =
  'The service restarted while this run was in progress; its result could not be recovered'

export class Executor {
  readonly owner = randomUUID()
  readonly workers: number
  readonly leaseMs: number
  readonly maxAttempts: number
  private readonly ctx: ServiceContext
  private readonly options: ExecutorOptions
  private readonly pool: FunctionPool
  private readonly live = new Map<string, LiveRun>()
  private readonly tickets = new Map<string, AdmissionTicket>()
  private readonly timers: NodeJS.Timeout[] = []
  private asyncActive = 0
  private closing = false
  private started = false

  constructor(ctx: ServiceContext, options: ExecutorOptions = {}) {
    this.ctx = ctx
    this.options = options
    this.workers = Math.max(1, options.workers ?? 4)
    this.leaseMs = Math.max(100, options.leaseMs ?? 15_000)
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 2)
    this.pool = options.pool ?? sharedFunctionPool()
  }

  private nowMs(): number {
    return this.ctx.clock.now().getTime()
  }

  private get secrets(): string[] {
    return Object.values(this.options.env ?? {})
  }

  /** Recovers what an earlier process left, then starts the worker, lease and sweep timers. */
  start(): void {
    if (this.started) return
    this.started = true
    this.failInterruptedRuns()
    this.reclaimExpiredLeases()
    this.sweep()
    const every = (ms: number, fn: () => void) => {
      const timer = setInterval(() => {
        try {
          fn()
        } catch (error) {
          // A failed tick (the store closing under it) must not take the process down.
          if (!this.closing) console.error('executor tick failed:', error)
        }
      }, ms)
      timer.unref()
      this.timers.push(timer)
    }
    every(this.options.pollMs ?? 1000, () => {
      this.reclaimExpiredLeases()
      this.pump()
    })
    every(Math.max(50, Math.floor(this.leaseMs / 3)), () => {
      if (this.asyncActive > 0) {
        this.ctx.store.executions.renewLeases(this.owner, this.nowMs() + this.leaseMs)
      }
    })
    every(this.options.sweepMs ?? 60 * 60 * 1000, () => this.sweep())
    this.pump()
  }

  /** Starts a sync or stream run (or the next segment of a resumed one) in this process. */
  run(
    record: ExecutionRecord,
    ticket: AdmissionTicket | null,
    options: { onEvent?: (event: EngineEvent) => void; resumeInput?: unknown } = {},
  ): LiveRun {
    if (ticket) this.tickets.set(record.id, ticket)
    const controller = new AbortController()
    const resume = 'resumeInput' in options ? { value: options.resumeInput } : null
    const live: LiveRun = {
      executionId: record.id,
      controller,
      done: this.execute(record, controller, options.onEvent, resume).finally(() => {
        this.live.delete(record.id)
      }),
    }
    this.live.set(record.id, live)
    return live
  }

  /** Hands an admitted async run (already `pending` in the store) to the worker pool. */
  enqueue(record: ExecutionRecord, ticket: AdmissionTicket | null): void {
    if (ticket) this.tickets.set(record.id, ticket)
    this.pump()
  }

  /** The run this process is executing right now, if any. */
  liveRun(executionId: string): LiveRun | undefined {
    return this.live.get(executionId)
  }

  /** Cancels a running, queued or paused run. */
  cancel(executionId: string): CancelResult {
    const live = this.live.get(executionId)
    if (live) {
      live.controller.abort(new Error('The workflow run was cancelled'))
      return 'stopping'
    }
    const record = this.ctx.store.executions.cancelIdle(executionId, (r) =>
      historyData(
        { ...r, output: undefined, error: r.error, blockLogs: r.blockLogs },
        this.secrets,
      ),
    )
    if (!record) return 'not-running'
    const claimed = this.ctx.store.executions.markSettled(record.id)
    this.settle(record.id, record.billedUserId, usageOf(record.id, 'cancelled', 0, [], 0), claimed)
    return 'cancelled'
  }

  /** Claims pending async runs while workers are free. */
  pump(): void {
    if (this.closing || !this.started) return
    while (this.asyncActive < this.workers) {
      const record = this.ctx.store.executions.claim(this.owner, this.nowMs() + this.leaseMs)
      if (!record) return
      this.asyncActive++
      const controller = new AbortController()
      const live: LiveRun = {
        executionId: record.id,
        controller,
        done: this.execute(record, controller, undefined, record.resumeInput).finally(() => {
          this.live.delete(record.id)
          this.asyncActive--
          // The next run starts on a fresh tick, so a long queue never deepens the stack.
          setImmediate(() => this.pump())
        }),
      }
      // Nobody waits for a background run; a failure to record it must not go unhandled.
      live.done.catch((error: unknown) => console.error(`async run ${record.id} failed:`, error))
      this.live.set(record.id, live)
    }
  }

  /**
   * Stops gracefully: no new claims, running runs get `shutdownGraceMs` to finish, the rest
   * are stopped. Async runs go back to the queue for the next start; sync and stream runs end
   * failed (their callers get 503 RESULT_UNAVAILABLE or a terminal error frame).
   */
  async close(): Promise<void> {
    if (this.closing) return
    this.closing = true
    for (const timer of this.timers) clearInterval(timer)
    const running = () => [...this.live.values()].map((l) => l.done)
    const grace = this.options.shutdownGraceMs ?? 3000
    if (this.live.size > 0 && grace > 0) {
      let timer: NodeJS.Timeout | undefined
      await Promise.race([
        Promise.allSettled(running()),
        new Promise((resolve) => (timer = setTimeout(resolve, grace))),
      ])
      clearTimeout(timer)
    }
    for (const live of this.live.values()) live.controller.abort(new ServiceStopping())
    await Promise.allSettled(running())
  }

  /** Deletes records past 7 days and run history past 30 days (by the service clock). */
  sweep(): { records: number; logs: number } {
    const now = this.nowMs()
    return this.ctx.store.executions.sweep(
      new Date(now - RECORD_RETENTION_MS).toISOString(),
      new Date(now - HISTORY_RETENTION_MS).toISOString(),
    )
  }

  /** Async runs whose process died: back to the queue, or failed once out of attempts. */
  reclaimExpiredLeases(): void {
    const { executions } = this.ctx.store
    for (const record of executions.expiredLeases(this.nowMs())) {
      if (this.live.has(record.id)) {
        // Ours and still running: the event loop was too busy to renew in time.
        executions.renewLeases(this.owner, this.nowMs() + this.leaseMs)
        continue
      }
      if (record.attempts < record.maxAttempts) {
        executions.requeue(record.id, record.leaseExpiresAt)
        continue
      }
      const reason =
        `The service stopped while this run was in progress (attempt ${record.attempts} of ` +
        `${record.maxAttempts}), so it was not retried again`
      this.endAbandoned(record, reason)
    }
  }

  /** Sync and stream runs of an earlier process: their callers are gone with it. */
  private failInterruptedRuns(): void {
    for (const record of this.ctx.store.executions.interruptedRuns()) {
      this.endAbandoned(record, INTERRUPTED_SYNC)
    }
  }

  private endAbandoned(record: ExecutionRecord, reason: string): void {
    const startedAt = record.startedAt ?? record.createdAt
    const endedAt = this.ctx.clock.now().toISOString()
    const durationMs = Math.max(0, Date.parse(endedAt) - Date.parse(startedAt))
    const claimed = this.ctx.store.executions.end(record.id, {
      status: 'failed',
      output: undefined,
      error: reason,
      blockLogs: record.blockLogs,
      startedAt,
      endedAt,
      durationMs,
      logData: historyData(
        { ...record, status: 'failed', output: undefined, error: reason },
        this.secrets,
      ),
    })
    const usage = usageOf(record.id, 'failed', durationMs, [], 0)
    this.settle(record.id, record.billedUserId, usage, claimed)
  }

  private async execute(
    record: ExecutionRecord,
    controller: AbortController,
    onEvent: ((event: EngineEvent) => void) | undefined,
    resume: { value: unknown } | null,
  ): Promise<SegmentResult> {
    const startMs = this.nowMs()
    const priorBlocks = resume ? record.blockLogs.length : 0
    let outcome: RunOutcome
    let conflict: string | undefined
    try {
      outcome = await runWorkflow(this.request(record, controller, onEvent, resume), {
        pool: this.pool,
      })
    } catch (error) {
      if (error instanceof CallChainError) conflict = error.message
      const message = error instanceof Error ? error.message : String(error)
      outcome = failedOutcome(message, startMs, this.nowMs())
    }
    const finished = outcome.status === 'success' || outcome.status === 'paused'
    if (!finished && controller.signal.reason instanceof ServiceStopping) {
      return this.stopped(record, outcome)
    }
    const usage = usageOf(
      record.id,
      outcome.status === 'paused' || outcome.status === 'success'
        ? 'completed'
        : outcome.status === 'cancelled'
          ? 'cancelled'
          : 'failed',
      outcome.durationMs,
      outcome.blockLogs,
      priorBlocks,
    )
    let claimed = false
    try {
      // The log's cost is written with the end, in one transaction.
      claimed = await this.persist(record, outcome, runCost(usage))
    } catch (error) {
      // The store failed under us (disk full, closed): the caller still gets the outcome, and
      // the record, left processing, is recovered like an interrupted run at the next start.
      console.error(`recording the end of run ${record.id} failed:`, error)
      this.tickets.delete(record.id)
      return { outcome, ...(conflict ? { conflict } : {}) }
    }
    // A pause ends the admitted segment: its usage is settled now, a resume is admitted anew.
    this.settle(record.id, record.billedUserId, usage, claimed, { costRecorded: true })
    return { outcome, ...(conflict ? { conflict } : {}) }
  }

  private async stopped(record: ExecutionRecord, outcome: RunOutcome): Promise<SegmentResult> {
    if (record.mode === 'async') {
      // Back to the queue; the ticket is the next process's to settle (as an orphan).
      this.ctx.store.executions.releaseLeases(this.owner, [record.id])
      this.tickets.delete(record.id)
    } else {
      const stopped = {
        ...outcome,
        status: 'failed' as const,
        error: new ServiceStopping().message,
      }
      const usage = usageOf(record.id, 'failed', outcome.durationMs, outcome.blockLogs, 0)
      const claimed = await this.persist(record, stopped, runCost(usage))
      this.settle(record.id, record.billedUserId, usage, claimed, { costRecorded: true })
    }
    return { outcome, lost: true }
  }

  /** Records the end of a segment; true when its usage is this call's to settle. */
  private persist(record: ExecutionRecord, outcome: RunOutcome, cost: number): Promise<boolean> {
    const status = STATE_OF[outcome.status]
    const output = outputToKeep(outcome)
    const error = outcome.error ?? null
    const end: RunEnd = {
      status,
      output,
      error,
      blockLogs: outcome.blockLogs,
      startedAt: record.startedAt ?? outcome.startTime,
      endedAt: outcome.endTime,
      durationMs: Math.max(
        0,
        Date.parse(outcome.endTime) - Date.parse(record.startedAt ?? outcome.startTime),
      ),
      logData: historyData(
        {
          status,
          mode: record.mode,
          attempts: record.attempts,
          input: record.input,
          output,
          error,
          blockLogs: outcome.blockLogs,
        },
        this.secrets,
      ),
      cost,
      ...(outcome.pause
        ? {
            pauseState: outcome.pause.state,
            contextId: outcome.pause.contextId,
            definition: record.definition,
          }
        : {}),
    }
    const { executions, writes } = this.ctx.store
    return writes.run(() => executions.end(record.id, end))
  }

  /**
   * Settles a segment's usage with the ticket from this process, else as an orphan; only the
   * caller that `claimed` it in the store (flipped its settled flag) does.
   */
  private settle(
    executionId: string,
    billedUserId: string,
    usage: RunUsage,
    claimed: boolean,
    { costRecorded = false } = {},
  ) {
    const ticket = this.tickets.get(executionId)
    this.tickets.delete(executionId)
    if (!claimed) return
    try {
      if (ticket) ticket.settle(usage)
      else this.ctx.gate.settleOrphan(billedUserId, usage)
      // The log shows what the run cost, with the same model the usage totals use.
      if (!costRecorded) this.ctx.store.executionLogs.addCost(executionId, runCost(usage))
    } catch (error) {
      // Billing trouble must not turn a finished run into a failed request.
      console.error('settling run usage failed:', error)
    }
  }

  private request(
    record: ExecutionRecord,
    controller: AbortController,
    onEvent: ((event: EngineEvent) => void) | undefined,
    resume: { value: unknown } | null,
  ): RunRequest {
    let definition = record.definition as Definition
    if (!parsedDefinitions.has(definition as object)) {
      const parsed = parseDefinition(record.definition)
      if (!parsed.ok) throw new Error(`The workflow definition is invalid: ${parsed.error}`)
      definition = parsed.definition
    }
    const { options } = record
    return {
      executionId: record.id,
      workflowId: record.workflowId,
      definition,
      input: record.input,
      env: this.options.env ?? {},
      ...(options.selectedOutputs ? { selectedOutputs: options.selectedOutputs } : {}),
      ...(options.stopAfterBlockId ? { stopAfterBlockId: options.stopAfterBlockId } : {}),
      ...(options.includeFileBase64 !== undefined
        ? { includeFileBase64: options.includeFileBase64 }
        : {}),
      ...(options.base64MaxBytes !== undefined ? { base64MaxBytes: options.base64MaxBytes } : {}),
      signal: controller.signal,
      ...(onEvent ? { onEvent } : {}),
      callWorkflow: this.childCaller(record.workspaceId),
      ...(this.options.llm ? { llm: this.options.llm } : {}),
      now: () => this.nowMs(),
      ...(resume
        ? { resume: { state: record.pauseState as PausedState, input: resume.value } }
        : {}),
    }
  }

  /** Workflow blocks run another workflow of the same workspace (its deployed state if any). */
  private childCaller(workspaceId: string): CallWorkflow {
    const call: CallWorkflow = async (workflowId, input, callChain, { signal }) => {
      const child = this.ctx.store.workflows.getInWorkspace(workspaceId, workflowId)
      if (!child) throw new Error(`Workflow ${workflowId} was not found in this workspace`)
      const parsed = parseDefinition(child.deployedDefinition ?? child.definition)
      if (!parsed.ok) throw new Error(`Workflow ${child.name} is invalid: ${parsed.error}`)
      return runWorkflow(
        {
          executionId: randomUUID(),
          workflowId: child.id,
          definition: parsed.definition,
          input,
          callChain,
          signal,
          env: this.options.env ?? {},
          callWorkflow: call,
          ...(this.options.llm ? { llm: this.options.llm } : {}),
          now: () => this.nowMs(),
        },
        { pool: this.pool },
      )
    }
    return call
  }
}

const STATE_OF = {
  success: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
  paused: 'paused',
} as const

/** What the record keeps as output: the result, or what a pause asks for; nothing on failure. */
export function outputToKeep(outcome: RunOutcome): unknown {
  if (outcome.status === 'success') return outcome.output
  if (outcome.status === 'paused') return pauseOutput(outcome)
  return undefined
}

/** `{status: 'paused', contextId, blockId, prompt?, inputFormat?}`: enough to resume. */
export function pauseOutput(outcome: RunOutcome): unknown {
  const base = (outcome.output ?? {}) as Record<string, unknown>
  const fields = outcome.pause?.inputFormat
  return fields ? { ...base, inputFormat: fields } : base
}

function failedOutcome(message: string, startMs: number, endMs: number): RunOutcome {
  return {
    status: 'failed',
    output: {},
    error: message,
    blockLogs: [],
    startTime: new Date(startMs).toISOString(),
    endTime: new Date(endMs).toISOString(),
    durationMs: Math.max(0, endMs - startMs),
  }
}

function usageOf(
  executionId: string,
  status: RunUsage['status'],
  durationMs: number,
  blockLogs: readonly { blockType?: string; output?: unknown }[],
  skip: number,
): RunUsage {
  const ran = blockLogs.slice(skip)
  let prompt = 0
  let completion = 0
  for (const log of ran) {
    const tokens = (log.output as { tokens?: { prompt?: unknown; completion?: unknown } } | null)
      ?.tokens
    if (log.blockType !== 'agent' || !tokens) continue
    prompt += typeof tokens.prompt === 'number' ? tokens.prompt : 0
    completion += typeof tokens.completion === 'number' ? tokens.completion : 0
  }
  return {
    executionId,
    status,
    durationMs: Math.max(0, Math.round(durationMs)),
    blocksExecuted: ran.length,
    ...(prompt + completion > 0 ? { tokens: { prompt, completion } } : {}),
  }
}
