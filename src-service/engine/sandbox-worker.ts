// The code of a function-sandbox worker thread. It runs as an `eval` worker built from this
// function's source text (see function-pool.ts), so it must be self-contained: no imports,
// no closures over module scope; Node modules arrive as arguments.
//
// Each task gets a fresh vm context with no Node globals. Every entry into context code (the
// first run and each timer callback) goes through `runInContext`, and the context drains its
// own microtasks after each entry (`microtaskMode: 'afterEvaluate'`), so while other tasks
// share the worker, the entry's `timeout` interrupts an infinite loop anywhere, also after an
// `await`, without killing the worker. The host terminates a worker that stops answering past
// a deadline (a task alone that loops) or runs out of memory, and replaces it.
import type * as VmModule from 'node:vm'
import type * as ThreadsModule from 'node:worker_threads'

export type ToWorkerCommand =
  | { type: 'run'; id: number; source: string; refsJson: string; timeoutMs: number }
  | { type: 'cancel'; id: number }

export type FromWorkerResult =
  | { type: 'done'; id: number; resultJson: string; stdout: string }
  | { type: 'fail'; id: number; error: string; stdout: string; timedOut: boolean }

// Both sides send what they produce in one turn of their event loop as one message (a batch
// when there is more than one): each message wakes the other thread, and under load many
// calls start (or finish) in the same turn.
export type ToWorker = ToWorkerCommand | { type: 'batch'; messages: ToWorkerCommand[] }
export type FromWorker = FromWorkerResult | { type: 'batch'; messages: FromWorkerResult[] }

export function sandboxWorkerMain(vm: typeof VmModule, threads: typeof ThreadsModule): void {
  const port = threads.parentPort
  if (!port) return
  // A promise the user's code rejects and never handles must not crash the worker (and with
  // it every other task on it).
  process.on('unhandledRejection', () => {})
  const STDOUT_LIMIT = 1_000_000
  const SPARE_CONTEXTS = 2
  const SCRIPT_CACHE = 256

  interface Host {
    log(line: string): void
    setTimer(id: number, ms: number): void
    clearTimer(id: number): void
    done(json: string): void
    fail(message: string): void
  }

  // Runs inside each fresh context (stringified below). It installs console and timers built
  // from context functions, so user code never holds a host object (whose constructor would
  // lead back to the worker's realm), and defines the two entry points the host calls.
  function contextBootstrap(this: void, host: Host): void {
    'use strict'
    const g = globalThis as unknown as Record<string, unknown>
    const stringify = JSON.stringify
    const errorText = (e: unknown): string => {
      try {
        if (e instanceof Error)
          return e.name && e.name !== 'Error' ? `${e.name}: ${e.message}` : e.message
        return typeof e === 'string' ? e : (stringify(e) ?? String(e))
      } catch {
        return 'Function threw a value that cannot be shown'
      }
    }
    const fmt = (v: unknown): string => {
      if (typeof v === 'string') return v
      if (v === undefined) return ''
      try {
        const s = typeof v === 'object' && v !== null ? stringify(v) : String(v)
        return s ?? String(v)
      } catch {
        return String(v)
      }
    }
    const log = (...args: unknown[]): void => host.log(args.map(fmt).join(' '))
    const timers = new Map<number, () => void>()
    let nextTimer = 1
    const fixed = (name: string, value: unknown, writable = false): void => {
      Object.defineProperty(g, name, { value, writable, configurable: false, enumerable: false })
    }
    fixed('console', Object.freeze({ log, info: log, warn: log, error: log, debug: log }))
    fixed('setTimeout', (fn: unknown, ms?: unknown, ...args: unknown[]): number => {
      const id = nextTimer++
      timers.set(id, () => {
        if (typeof fn === 'function') fn(...args)
      })
      host.setTimer(id, Math.max(0, Number(ms) || 0))
      return id
    })
    fixed('clearTimeout', (id: unknown): void => {
      if (typeof id === 'number' && timers.delete(id)) host.clearTimer(id)
    })
    fixed('__fdArg', 0, true)
    fixed('__fdStart', (): void => {
      const factory = g.__fdFactory as (refs: unknown[], f: typeof fmt) => Promise<unknown>
      const refs = JSON.parse(g.__fdRefs as string) as unknown[]
      delete g.__fdFactory
      delete g.__fdRefs
      factory(refs, fmt).then(
        (value) => {
          let json: string | undefined
          try {
            json = stringify(value === undefined ? null : value)
          } catch (e) {
            host.fail(`The function's return value is not JSON-serializable: ${errorText(e)}`)
            return
          }
          host.done(json ?? 'null')
        },
        (e: unknown) => host.fail(errorText(e)),
      )
    })
    fixed('__fdFire', (): void => {
      const id = g.__fdArg as number
      const callback = timers.get(id)
      if (!callback) return
      timers.delete(id)
      callback()
    })
  }

  interface Sandbox {
    context: VmModule.Context
    host: Host
    task: Task | undefined
  }
  interface Task {
    id: number
    sandbox: Sandbox
    deadline: number
    timeoutMs: number
    timers: Map<number, ReturnType<typeof setTimeout>>
    stdout: string[]
    stdoutSize: number
    finished: boolean
    deadlineTimer: ReturnType<typeof setTimeout>
  }

  const bootstrapScript = new vm.Script(`(${contextBootstrap.toString()})`)
  const startScript = new vm.Script('__fdStart()')
  const fireScript = new vm.Script('__fdFire()')
  const scripts = new Map<string, VmModule.Script>()
  const spare: Sandbox[] = []
  const tasks = new Map<number, Task>()
  let refilling = false

  function createSandbox(): Sandbox {
    // DONT_CONTEXTIFY: the context's global is its own ordinary object; a contextified host
    // object would hand user code the worker's Object constructor (and with it `process`).
    const context = vm.createContext(vm.constants.DONT_CONTEXTIFY, {
      microtaskMode: 'afterEvaluate',
    })
    const sandbox: Sandbox = { context, task: undefined, host: undefined as unknown as Host }
    const current = (): Task | undefined => {
      const t = sandbox.task
      return t && !t.finished ? t : undefined
    }
    sandbox.host = {
      log(line) {
        const t = current()
        if (!t || t.stdoutSize > STDOUT_LIMIT) return
        const text = String(line)
        t.stdoutSize += text.length + 1
        t.stdout.push(t.stdoutSize > STDOUT_LIMIT ? '[output truncated]' : text)
      },
      setTimer(id, ms) {
        const t = current()
        if (!t) return
        const timer = setTimeout(() => fire(t, id), ms)
        t.timers.set(id, timer)
      },
      clearTimer(id) {
        const t = current()
        if (!t) return
        clearTimeout(t.timers.get(id))
        t.timers.delete(id)
      },
      done(json) {
        const t = current()
        if (t) finish(t, { type: 'done', id: t.id, resultJson: String(json), stdout: '' })
      },
      fail(message) {
        const t = current()
        if (t)
          finish(t, { type: 'fail', id: t.id, error: String(message), stdout: '', timedOut: false })
      },
    }
    const install = bootstrapScript.runInContext(context) as (host: Host) => void
    install(sandbox.host)
    return sandbox
  }

  // Fresh contexts cost about half a millisecond; making them while idle keeps that off the
  // path of the next call.
  function refill(): void {
    if (refilling) return
    refilling = true
    setImmediate(() => {
      refilling = false
      if (spare.length < SPARE_CONTEXTS) {
        spare.push(createSandbox())
        refill()
      }
    })
  }

  function compile(source: string): VmModule.Script {
    let script = scripts.get(source)
    if (script) {
      scripts.delete(source)
    } else {
      script = new vm.Script(`(async function (__refs, __fmt) {\n${source}\n})`, {
        filename: 'function.js',
        lineOffset: -1,
      })
      if (scripts.size >= SCRIPT_CACHE) scripts.delete(scripts.keys().next().value as string)
    }
    scripts.set(source, script)
    return script
  }

  function enter(task: Task, script: VmModule.Script): void {
    const remaining = Math.max(1, task.deadline - Date.now())
    // A vm timeout starts a watchdog thread per entry, about half a millisecond on a small
    // machine, more than everything else in a call. It only matters when other tasks share
    // this worker: a task alone here that loops forever is stopped by the host terminating
    // the worker, which costs no one else anything.
    const guard = tasks.size > 1 ? { timeout: remaining } : undefined
    try {
      script.runInContext(task.sandbox.context, guard)
    } catch (e) {
      const code = (e as { code?: unknown }).code
      if (code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') timeOut(task)
      else finishFail(task, e instanceof Error ? e.message : String(e))
    }
  }

  function fire(task: Task, id: number): void {
    if (task.finished) return
    task.timers.delete(id)
    task.sandbox.context.__fdArg = id
    enter(task, fireScript)
  }

  function timeOut(task: Task): void {
    const message = `Function timed out after ${task.timeoutMs} ms`
    finish(task, { type: 'fail', id: task.id, error: message, stdout: '', timedOut: true })
  }

  function finishFail(task: Task, error: string): void {
    finish(task, { type: 'fail', id: task.id, error, stdout: '', timedOut: false })
  }

  let outbox: FromWorkerResult[] = []
  function flushOutbox(): void {
    const messages = outbox
    outbox = []
    if (messages.length === 1) port!.postMessage(messages[0])
    else if (messages.length > 1) port!.postMessage({ type: 'batch', messages })
  }
  function send(message: FromWorkerResult): void {
    outbox.push(message)
    if (outbox.length === 1) process.nextTick(flushOutbox)
  }

  function finish(task: Task, message: FromWorkerResult | undefined): void {
    if (task.finished) return
    task.finished = true
    clearTimeout(task.deadlineTimer)
    for (const timer of task.timers.values()) clearTimeout(timer)
    task.timers.clear()
    tasks.delete(task.id)
    task.sandbox.task = undefined
    if (message) send({ ...message, stdout: task.stdout.join('\n') })
    refill()
  }

  function run(msg: Extract<ToWorkerCommand, { type: 'run' }>): void {
    const sandbox = spare.pop() ?? createSandbox()
    const task: Task = {
      id: msg.id,
      sandbox,
      timeoutMs: msg.timeoutMs,
      deadline: Date.now() + msg.timeoutMs,
      timers: new Map(),
      stdout: [],
      stdoutSize: 0,
      finished: false,
      deadlineTimer: setTimeout(() => timeOut(task), msg.timeoutMs),
    }
    sandbox.task = task
    tasks.set(task.id, task)
    let script: VmModule.Script
    try {
      script = compile(msg.source)
    } catch (e) {
      finishFail(task, `Syntax error in function code: ${e instanceof Error ? e.message : e}`)
      return
    }
    sandbox.context.__fdFactory = script.runInContext(sandbox.context)
    sandbox.context.__fdRefs = msg.refsJson
    enter(task, startScript)
  }

  function handle(msg: ToWorkerCommand): void {
    if (msg.type === 'run') run(msg)
    else {
      const task = tasks.get(msg.id)
      if (task) finish(task, undefined)
    }
  }

  port.on('message', (msg: ToWorker) => {
    if (msg.type === 'batch') for (const m of msg.messages) handle(m)
    else handle(msg)
  })
  refill()
}
