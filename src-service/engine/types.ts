// The engine's public types: what the service hands to runWorkflow and what it gets back.
// Plain TypeScript (not zod) because nothing here crosses a wire unparsed: the HTTP layer
// parses requests with src-shared schemas and maps outcomes to its own response shapes.
import type { Definition } from './definition.ts'

export type RunStatus = 'success' | 'failed' | 'cancelled' | 'paused'

export interface BlockLog {
  blockId: string
  blockName: string
  blockType: string
  startedAt: string
  endedAt: string
  durationMs: number
  success: boolean
  error?: string
  output?: unknown
}

export interface ResponseOutput {
  data: unknown
  status: number
  headers: Record<string, string>
}

export interface PauseInfo {
  contextId: string
  blockId: string
  /** JSON-serializable: persist it as it is and pass it back in `resume.state`. */
  state: PausedState
  prompt?: string
  inputFormat?: Array<{ name: string; type: string; description?: string }>
}

/** One `selectedOutputs` entry as the run delivered it (see stream-frames.ts). */
export interface SelectedDelivery {
  entry: string
  blockId: string
  path: string
  /** True when the value already went out as chunk events. */
  streamed: boolean
  value?: unknown
}

export interface RunOutcome {
  status: RunStatus
  output: unknown
  error?: string
  failedBlockId?: string
  response?: ResponseOutput
  blockLogs: BlockLog[]
  startTime: string
  endTime: string
  durationMs: number
  pause?: PauseInfo
  /** Present when the request had selectedOutputs. */
  selected?: SelectedDelivery[]
}

export type EngineEvent =
  | { type: 'block-started'; blockId: string; blockName: string }
  | { type: 'block-completed'; blockId: string; blockName: string; output: unknown }
  | { type: 'chunk'; blockId: string; chunk: string; path: string }
  | { type: 'stream-error'; blockId: string; error: string }

export type CallWorkflow = (
  workflowId: string,
  input: unknown,
  callChain: string[],
  options: { signal: AbortSignal },
) => Promise<RunOutcome>

export interface RunRequest {
  executionId: string
  workflowId: string
  definition: Definition
  /** The workflow input, already unwrapped from the request body. */
  input: unknown
  /** Variable name -> value; defaults to the definition's variables. */
  variables?: Record<string, unknown>
  /** Values for `{{NAME}}` references. Never persisted in the pause state. */
  env?: Record<string, string>
  selectedOutputs?: string[]
  stopAfterBlockId?: string
  includeFileBase64?: boolean
  base64MaxBytes?: number
  signal?: AbortSignal
  onEvent?: (event: EngineEvent) => void
  callWorkflow?: CallWorkflow
  /** Workflow ids of the runs that led to this one, outermost first, without this one. */
  callChain?: string[]
  llm?: { baseUrl: string; apiKey?: string }
  resume?: { state: PausedState; input: unknown }
  now?: () => number
  fetch?: typeof fetch
}

/** What a paused run persists: enough to continue it after a restart. */
export interface PausedState {
  version: 1
  executionId: string
  workflowId: string
  contextId: string
  pausedBlockId: string
  pausedAt: number
  startTime: number
  input: unknown
  variables: Record<string, unknown>
  /** Outputs of the blocks that ran, by block id. */
  outputs: Record<string, unknown>
  /** Blocks that have finished (ran, failed onto an error edge, or were skipped). */
  settledBlocks: string[]
  /** Edge index -> taken (true) or pruned (false); unsettled edges are absent. */
  edges: Record<string, boolean>
  completionOrder: string[]
  blockLogs: BlockLog[]
  streamed: string[]
}
