// The run loop: blocks run once all their incoming edges are settled (taken or pruned), ready
// blocks run concurrently, and the run ends on a Response block, stopAfterBlockId, a failure
// without an error edge, a human-in-the-loop pause, cancellation, or when nothing is left.
import { randomUUID } from 'node:crypto'
import { definitionVariables } from './definition.ts'
import { checkResumeState, pauseDetails } from './pause.ts'
import { sharedFunctionPool } from './function-pool.ts'
import type { FunctionPool } from './function-pool.ts'
import { graphOf } from './graph.ts'
import type { Graph } from './graph.ts'
import type { ReferenceScope } from './references.ts'
import { CallChainError, checkCallChain } from './call-chain.ts'
import { isRecord } from './block-context.ts'
import type { BlockContext, BlockResult } from './block-context.ts'
import { EXECUTORS } from './executors.ts'
import { chunkText, readPath, resolveSelectedOutput } from './selected-outputs.ts'
import type { SelectedTarget } from './selected-outputs.ts'
import type {
  BlockLog,
  PausedState,
  ResponseOutput,
  RunOutcome,
  RunRequest,
  RunStatus,
} from './types.ts'

export interface EngineOptions {
  /** Function sandbox to use; defaults to the process-wide pool. */
  pool?: FunctionPool
}

/**
 * Runs a workflow to its end (or pause). Resolves with the outcome for every run-level result,
 * failures included; rejects only with CallChainError (the caller's 409) or ResumeStateError.
 */
export async function runWorkflow(
  request: RunRequest,
  options: EngineOptions = {},
): Promise<RunOutcome> {
  checkCallChain(request.workflowId, request.callChain ?? [])
  return new Run(request, options.pool ?? sharedFunctionPool()).execute()
}

interface Finished {
  id: string
  startedAt: number
  endedAt: number
  result?: BlockResult
  error?: unknown
}

const ABORTED = Symbol('aborted')

class Run {
  private readonly request: RunRequest
  private readonly pool: FunctionPool
  private readonly graph: Graph
  private readonly now: () => number
  private readonly controller = new AbortController()
  private readonly scope: ReferenceScope
  private readonly selected: SelectedTarget[]
  private readonly outputs: Record<string, unknown> = {}
  private readonly settled = new Set<string>()
  private readonly edges = new Map<number, boolean>()
  private readonly running = new Map<string, Promise<Finished>>()
  private completionOrder: string[] = []
  private blockLogs: BlockLog[] = []
  private readonly streamed = new Set<string>()
  private startTime: number
  private input: unknown
  private variables: Record<string, unknown>
  private status: RunStatus | undefined
  private error: string | undefined
  private failedBlockId: string | undefined
  private response: ResponseOutput | undefined
  private stopOutput: { value: unknown } | undefined
  private pause: { blockId: string; contextId: string; at: number } | undefined
  private fatal: unknown

  constructor(request: RunRequest, pool: FunctionPool) {
    this.request = request
    this.pool = pool
    this.graph = graphOf(request.definition)
    this.now = request.now ?? Date.now
    this.startTime = this.now()
    this.input = request.input
    this.variables = request.variables ?? definitionVariables(request.definition)
    this.scope = {
      blockIds: this.graph.refIds,
      outputs: this.outputs,
      variables: this.variables,
      env: request.env ?? {},
    }
    this.selected = (request.selectedOutputs ?? [])
      .map((entry) => resolveSelectedOutput(request.definition, entry))
      .filter((r): r is SelectedTarget => 'blockId' in r)
  }

  async execute(): Promise<RunOutcome> {
    const { signal } = this.request
    const onAbort = () => this.controller.abort(signal?.reason)
    if (signal?.aborted) onAbort()
    signal?.addEventListener('abort', onAbort, { once: true })
    try {
      if (this.request.resume) this.restore(this.request.resume.state, this.request.resume.input)
      else if (!this.graph.startId) {
        this.fail('The workflow has no Start block', undefined)
      }
      await this.loop()
    } finally {
      signal?.removeEventListener('abort', onAbort)
    }
    if (this.fatal !== undefined) throw this.fatal
    return this.outcome()
  }

  private async loop(): Promise<void> {
    const aborted = new Promise<typeof ABORTED>((resolve) => {
      if (this.controller.signal.aborted) resolve(ABORTED)
      this.controller.signal.addEventListener('abort', () => resolve(ABORTED), { once: true })
    })
    while (this.status === undefined) {
      if (this.controller.signal.aborted) {
        this.status = 'cancelled'
        break
      }
      this.startReadyBlocks()
      if (this.running.size === 0) break
      const next = await Promise.race([aborted, ...this.running.values()])
      if (next === ABORTED) continue
      this.running.delete(next.id)
      this.finishBlock(next)
    }
    if (this.running.size > 0) {
      // The run is decided; blocks still in flight are stopped, their results unused.
      if (!this.controller.signal.aborted) this.controller.abort(new Error('run finished'))
      await Promise.allSettled(this.running.values())
      this.running.clear()
    }
  }

  /** Starts every ready block; skips (and prunes past) blocks whose incoming edges all fell. */
  private startReadyBlocks(): void {
    let changed = true
    while (changed) {
      changed = false
      for (const id of this.graph.order) {
        if (this.settled.has(id) || this.running.has(id) || this.pause?.blockId === id) continue
        const incoming = this.graph.incoming.get(id)!
        if (id !== this.graph.startId && incoming.length === 0) continue
        if (!incoming.every((e) => this.edges.has(e.index))) continue
        if (incoming.length > 0 && !incoming.some((e) => this.edges.get(e.index))) {
          this.settled.add(id)
          for (const e of this.graph.outgoing.get(id)!) this.edges.set(e.index, false)
          changed = true
          continue
        }
        if (this.pause) continue
        if (this.graph.blocks.get(id)!.type === 'human_in_the_loop') {
          this.pause = { blockId: id, contextId: randomUUID(), at: this.now() }
          continue
        }
        this.running.set(id, this.runBlock(id))
      }
    }
  }

  private async runBlock(id: string): Promise<Finished> {
    const block = this.graph.blocks.get(id)!
    const blockName = this.graph.names.get(id)!
    const startedAt = this.now()
    this.request.onEvent?.({ type: 'block-started', blockId: id, blockName })
    const ctx: BlockContext = {
      blockId: id,
      block,
      scope: this.scope,
      signal: this.controller.signal,
      pool: this.pool,
      fetch: this.request.fetch ?? fetch,
      llm: this.request.llm,
      callWorkflow: this.request.callWorkflow,
      childCallChain: [...(this.request.callChain ?? []), this.request.workflowId],
      streamPaths: new Set(this.selected.filter((s) => s.blockId === id).map((s) => s.path)),
      emitChunk: (path, chunk) => {
        this.streamed.add(`${id}\u0000${path}`)
        this.request.onEvent?.({ type: 'chunk', blockId: id, chunk, path })
      },
    }
    try {
      const executor = EXECUTORS[block.type]
      if (!executor) throw new Error(`Block type "${block.type}" is not supported`)
      const result = await executor(ctx, this.request, this.input)
      return { id, startedAt, endedAt: this.now(), result }
    } catch (error) {
      return { id, startedAt, endedAt: this.now(), error }
    }
  }

  private finishBlock(done: Finished): void {
    const { id } = done
    const block = this.graph.blocks.get(id)!
    const outgoing = this.graph.outgoing.get(id)!
    if (done.error !== undefined) {
      if (this.controller.signal.aborted) return
      if (done.error instanceof CallChainError) {
        this.fatal = done.error
        this.status = 'failed'
        return
      }
      const message = errorMessage(done.error)
      this.log(done, false, message)
      if (!outgoing.some((e) => e.handle === 'error')) {
        this.fail(message, id)
        return
      }
      // The error edge carries the run on; the block's output is its error.
      this.outputs[id] = { error: message }
      this.request.onEvent?.({ type: 'stream-error', blockId: id, error: message })
      for (const e of outgoing) this.edges.set(e.index, e.handle === 'error')
      this.completionOrder.push(id)
      this.settled.add(id)
      return
    }
    const result = done.result!
    this.outputs[id] = result.output
    this.log(done, true, undefined, result.output)
    this.completionOrder.push(id)
    this.settled.add(id)
    const blockName = this.graph.names.get(id)!
    this.request.onEvent?.({
      type: 'block-completed',
      blockId: id,
      blockName,
      output: result.output,
    })
    this.emitSelected(id, result.output)
    for (const e of outgoing) {
      let taken = e.handle !== 'error'
      if (block.type === 'condition' && e.handle.startsWith('condition-')) {
        taken = e.handle === `condition-${result.selectedCondition}`
      }
      this.edges.set(e.index, taken)
    }
    if (result.response) {
      this.response = result.response
      this.status = 'success'
    } else if (this.request.stopAfterBlockId === id) {
      this.stopOutput = { value: result.output }
      this.status = 'success'
    }
  }

  private emitSelected(id: string, output: unknown): void {
    for (const target of this.selected) {
      if (target.blockId !== id || this.streamed.has(`${id}\u0000${target.path}`)) continue
      const value = readPath(output, target.path)
      // Nothing to send for an absent value or empty text; the final frame carries it instead.
      if (value === undefined || value === '') continue
      this.streamed.add(`${id}\u0000${target.path}`)
      this.request.onEvent?.({
        type: 'chunk',
        blockId: id,
        chunk: chunkText(value),
        path: target.path,
      })
    }
  }

  private fail(message: string, blockId: string | undefined): void {
    this.status = 'failed'
    this.error = message
    this.failedBlockId = blockId
  }

  private log(done: Finished, success: boolean, error?: string, output?: unknown): void {
    const block = this.graph.blocks.get(done.id)!
    this.blockLogs.push({
      blockId: done.id,
      blockName: this.graph.names.get(done.id)!,
      blockType: block.type,
      startedAt: new Date(done.startedAt).toISOString(),
      endedAt: new Date(done.endedAt).toISOString(),
      durationMs: done.endedAt - done.startedAt,
      success,
      ...(error !== undefined ? { error } : {}),
      ...(output !== undefined ? { output } : {}),
    })
  }

  private restore(state: PausedState, submission: unknown): void {
    checkResumeState(state, this.request.workflowId, this.graph)
    this.startTime = state.startTime
    this.input = state.input
    this.variables = state.variables
    this.scope.variables = state.variables
    Object.assign(this.outputs, state.outputs)
    for (const id of state.settledBlocks) this.settled.add(id)
    for (const [index, taken] of Object.entries(state.edges)) this.edges.set(Number(index), taken)
    this.completionOrder = [...state.completionOrder]
    this.blockLogs = [...state.blockLogs]
    for (const key of state.streamed) this.streamed.add(key)
    const fields = isRecord(submission) ? submission : {}
    this.finishBlock({
      id: state.pausedBlockId,
      startedAt: state.pausedAt,
      endedAt: this.now(),
      result: { output: { ...fields, submission } },
    })
  }

  private pausedState(): PausedState {
    return {
      version: 1,
      executionId: this.request.executionId,
      workflowId: this.request.workflowId,
      contextId: this.pause!.contextId,
      pausedBlockId: this.pause!.blockId,
      pausedAt: this.pause!.at,
      startTime: this.startTime,
      input: this.input,
      variables: this.variables,
      outputs: { ...this.outputs },
      settledBlocks: [...this.settled],
      edges: Object.fromEntries([...this.edges].map(([k, v]) => [String(k), v])),
      completionOrder: [...this.completionOrder],
      blockLogs: [...this.blockLogs],
      streamed: [...this.streamed],
    }
  }

  private finalOutput(): unknown {
    if (this.response) return this.response
    if (this.stopOutput) return this.stopOutput.value
    const ran = this.completionOrder.filter(
      (id) => !isRecord(this.outputs[id]) || !('error' in (this.outputs[id] as object)),
    )
    const terminal = ran.filter((id) => this.graph.outgoing.get(id)!.length === 0)
    const last = terminal.at(-1) ?? ran.at(-1)
    return last === undefined ? {} : this.outputs[last]
  }

  private outcome(): RunOutcome {
    let status: RunStatus = this.status ?? 'success'
    if (status === 'success' && this.pause && !this.response && !this.stopOutput) status = 'paused'
    const endTime = this.now()
    const outcome: RunOutcome = {
      status,
      output: {},
      blockLogs: this.blockLogs,
      startTime: new Date(this.startTime).toISOString(),
      endTime: new Date(endTime).toISOString(),
      durationMs: endTime - this.startTime,
    }
    if (status === 'success') outcome.output = this.finalOutput()
    if (this.response) outcome.response = this.response
    if (status === 'failed') {
      outcome.error = this.error ?? 'The workflow failed'
      if (this.failedBlockId) outcome.failedBlockId = this.failedBlockId
    }
    if (status === 'cancelled') outcome.error = 'The workflow run was cancelled'
    if (status === 'paused') this.describePause(outcome)
    if (this.request.selectedOutputs) {
      outcome.selected = this.selected.map((t) => {
        const streamed = this.streamed.has(`${t.blockId}\u0000${t.path}`)
        const value = streamed ? undefined : readPath(this.outputs[t.blockId], t.path)
        return { ...t, streamed, ...(value !== undefined ? { value } : {}) }
      })
    }
    return outcome
  }

  private describePause(outcome: RunOutcome): void {
    const { blockId, contextId } = this.pause!
    const { prompt, inputFormat } = pauseDetails(this.graph.blocks.get(blockId)!, this.scope)
    outcome.pause = {
      contextId,
      blockId,
      state: this.pausedState(),
      ...(prompt !== undefined ? { prompt } : {}),
      ...(inputFormat.length > 0 ? { inputFormat } : {}),
    }
    outcome.output = {
      status: 'paused',
      contextId,
      blockId,
      ...(prompt !== undefined ? { prompt } : {}),
    }
  }
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message
  return typeof error === 'string' ? error : 'The block failed'
}
