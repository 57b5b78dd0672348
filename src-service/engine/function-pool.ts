// A small pool of sandbox worker threads for function and condition blocks. Workers are
// reused (starting one costs tens of milliseconds); each call still gets a fresh vm context.
// A worker may hold several calls at once, since calls spend most of their time awaiting
// timers. The pool replaces a worker that runs out of memory or stops answering, and runs
// once more the calls that were merely sharing it.
import { Worker } from 'node:worker_threads'
import { availableParallelism } from 'node:os'
import { sandboxWorkerMain } from './sandbox-worker.ts'
import type { FromWorker, FromWorkerResult, ToWorker, ToWorkerCommand } from './sandbox-worker.ts'

export const DEFAULT_FUNCTION_TIMEOUT_MS = 10_000
// How long past its own deadline a call may stay silent before its worker is terminated.
const WATCHDOG_GRACE_MS = 200

export class FunctionError extends Error {
  readonly timedOut: boolean
  constructor(message: string, timedOut = false) {
    super(message)
    this.name = 'FunctionError'
    this.timedOut = timedOut
  }
}

export class FunctionCancelledError extends Error {
  constructor() {
    super('Function was cancelled')
    this.name = 'FunctionCancelledError'
  }
}

export interface FunctionCall {
  /** JavaScript function body; `__refs[i]` are the reference values. */
  source: string
  refs: unknown[]
  timeoutMs?: number
  signal?: AbortSignal
}

export interface FunctionResult {
  result: unknown
  stdout: string
}

export interface PoolOptions {
  size?: number
  /** V8 old-generation limit per worker. */
  memoryMb?: number
}

interface Pending {
  id: number
  call: FunctionCall
  timeoutMs: number
  attempt: number
  slot: Slot | undefined
  watchdog: ReturnType<typeof setTimeout> | undefined
  resolve(result: FunctionResult): void
  reject(error: Error): void
  onAbort: () => void
}

interface Slot {
  worker: Worker
  inFlight: Set<Pending>
  dead: boolean
  /** Commands of this turn, sent together (see sandbox-worker.ts). */
  outbox: ToWorkerCommand[]
}

const WORKER_SOURCE = `(${sandboxWorkerMain.toString()})(require('node:vm'), require('node:worker_threads'))`

export class FunctionPool {
  readonly size: number
  readonly memoryMb: number
  private readonly slots: Slot[] = []
  private nextId = 1
  private closed = false
  /** Workers started over the pool's life (tests check that crashed ones are replaced). */
  workersStarted = 0

  constructor(options: PoolOptions = {}) {
    this.size = options.size ?? Math.min(4, Math.max(2, availableParallelism()))
    this.memoryMb = options.memoryMb ?? 128
  }

  run(call: FunctionCall): Promise<FunctionResult> {
    if (this.closed) return Promise.reject(new FunctionError('The function sandbox is shut down'))
    if (call.signal?.aborted) return Promise.reject(new FunctionCancelledError())
    return new Promise<FunctionResult>((resolve, reject) => {
      const pending: Pending = {
        id: this.nextId++,
        call,
        timeoutMs: call.timeoutMs ?? DEFAULT_FUNCTION_TIMEOUT_MS,
        attempt: 0,
        slot: undefined,
        watchdog: undefined,
        resolve,
        reject,
        onAbort: () => this.cancel(pending),
      }
      call.signal?.addEventListener('abort', pending.onAbort, { once: true })
      this.dispatch(pending)
    })
  }

  /** Starts the workers now instead of on first use. */
  warm(): void {
    while (this.slots.length < this.size) this.spawn()
  }

  async close(): Promise<void> {
    this.closed = true
    const slots = this.slots.splice(0)
    for (const slot of slots) {
      slot.dead = true
      for (const p of slot.inFlight)
        this.settle(p, new FunctionError('The function sandbox was shut down'))
    }
    await Promise.all(slots.map((s) => s.worker.terminate()))
  }

  private dispatch(pending: Pending): void {
    const slot = this.pickSlot()
    pending.slot = slot
    slot.inFlight.add(pending)
    if (slot.inFlight.size === 1) slot.worker.ref()
    pending.watchdog = setTimeout(
      () => this.watchdogFired(pending),
      pending.timeoutMs + WATCHDOG_GRACE_MS,
    )
    this.send(slot, {
      type: 'run',
      id: pending.id,
      source: pending.call.source,
      refsJson: JSON.stringify(pending.call.refs, (_k, v: unknown) => (v === undefined ? null : v)),
      timeoutMs: pending.timeoutMs,
    })
  }

  /** Queues a command; the turn's commands for a worker go out as one message. */
  private send(slot: Slot, command: ToWorkerCommand): void {
    slot.outbox.push(command)
    if (slot.outbox.length > 1) return
    process.nextTick(() => {
      const messages = slot.outbox
      slot.outbox = []
      // A retired worker's calls were dispatched again elsewhere.
      if (slot.dead || messages.length === 0) return
      const message: ToWorker = messages.length === 1 ? messages[0]! : { type: 'batch', messages }
      slot.worker.postMessage(message)
    })
  }

  private pickSlot(): Slot {
    let best: Slot | undefined
    for (const slot of this.slots) {
      if (!best || slot.inFlight.size < best.inFlight.size) best = slot
    }
    if (best && (best.inFlight.size === 0 || this.slots.length >= this.size)) return best
    return this.spawn()
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: this.memoryMb, maxYoungGenerationSizeMb: 16 },
      stdout: false,
      stderr: false,
      env: {},
    })
    this.workersStarted++
    const slot: Slot = { worker, inFlight: new Set(), dead: false, outbox: [] }
    worker.unref()
    worker.on('message', (msg: FromWorker) => this.onMessage(slot, msg))
    let crash: Error | undefined
    worker.on('error', (error) => {
      crash = error
    })
    worker.on('exit', () => this.onExit(slot, crash))
    this.slots.push(slot)
    return slot
  }

  private onMessage(slot: Slot, msg: FromWorker): void {
    if (msg.type === 'batch') {
      for (const m of msg.messages) this.onResult(slot, m)
    } else {
      this.onResult(slot, msg)
    }
  }

  private onResult(slot: Slot, msg: FromWorkerResult): void {
    let pending: Pending | undefined
    for (const p of slot.inFlight) {
      if (p.id === msg.id) {
        pending = p
        break
      }
    }
    if (!pending) return
    if (msg.type === 'done') {
      let result: unknown
      try {
        result = JSON.parse(msg.resultJson)
      } catch {
        this.settle(pending, new FunctionError('The function returned an unreadable value'))
        return
      }
      this.settle(pending, { result, stdout: msg.stdout })
    } else {
      const error = new FunctionError(msg.error, msg.timedOut)
      Object.assign(error, { stdout: msg.stdout })
      this.settle(pending, error)
    }
  }

  private settle(pending: Pending, outcome: FunctionResult | Error): void {
    const slot = pending.slot
    if (!slot || !slot.inFlight.delete(pending)) return
    pending.slot = undefined
    clearTimeout(pending.watchdog)
    pending.call.signal?.removeEventListener('abort', pending.onAbort)
    if (slot.inFlight.size === 0 && !slot.dead) slot.worker.unref()
    if (outcome instanceof Error) pending.reject(outcome)
    else pending.resolve(outcome)
  }

  private cancel(pending: Pending): void {
    const slot = pending.slot
    if (!slot) return
    this.settle(pending, new FunctionCancelledError())
    if (slot.inFlight.size === 0) {
      // Nothing else runs there: stop the call's CPU work at once rather than at its deadline.
      this.retire(slot)
    } else {
      this.send(slot, { type: 'cancel', id: pending.id })
    }
  }

  private watchdogFired(pending: Pending): void {
    const slot = pending.slot
    if (!slot) return
    this.settle(
      pending,
      new FunctionError(`Function timed out after ${pending.timeoutMs} ms`, true),
    )
    this.retire(slot)
  }

  /** Terminates a worker; the calls that were only sharing it run again elsewhere. */
  private retire(slot: Slot, reason?: Error): void {
    if (slot.dead) return
    slot.dead = true
    const index = this.slots.indexOf(slot)
    if (index >= 0) this.slots.splice(index, 1)
    void slot.worker.terminate()
    for (const pending of [...slot.inFlight]) {
      slot.inFlight.delete(pending)
      pending.slot = undefined
      clearTimeout(pending.watchdog)
      if (pending.attempt === 0 && !this.closed) {
        pending.attempt = 1
        this.dispatch(pending)
      } else {
        pending.call.signal?.removeEventListener('abort', pending.onAbort)
        pending.reject(reason ?? new FunctionError('The function sandbox was restarted'))
      }
    }
  }

  private onExit(slot: Slot, crash: Error | undefined): void {
    if (slot.dead) return
    const oom = (crash as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY'
    const reason = new FunctionError(
      oom
        ? `Function ran out of memory (limit ${this.memoryMb} MB)`
        : `The function sandbox stopped unexpectedly${crash ? `: ${crash.message}` : ''}`,
    )
    this.retire(slot, reason)
  }
}

let shared: FunctionPool | undefined

/** The process-wide pool the engine uses unless a run is given its own. */
export function sharedFunctionPool(): FunctionPool {
  shared ??= new FunctionPool()
  return shared
}

/** Stops the shared pool's workers (service shutdown, tests). */
export async function shutdownFunctionPool(): Promise<void> {
  const pool = shared
  shared = undefined
  await pool?.close()
}
