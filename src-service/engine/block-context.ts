// What a block executor receives from the run loop, and what it hands back.
import type { RawBlock } from './definition.ts'
import type { FunctionPool } from './function-pool.ts'
import type { ReferenceScope } from './references.ts'
import type { CallWorkflow, ResponseOutput, RunOutcome } from './types.ts'

export interface BlockContext {
  blockId: string
  block: RawBlock
  scope: ReferenceScope
  signal: AbortSignal
  pool: FunctionPool
  fetch: typeof fetch
  llm?: { baseUrl: string; apiKey?: string }
  callWorkflow?: CallWorkflow
  /** This run's workflow id followed by its ancestors', for child runs. */
  childCallChain: string[]
  /** Output paths of this block that the caller selected for streaming. */
  streamPaths: ReadonlySet<string>
  /** Sends text of a selected output as it is produced; marks that path as streamed. */
  emitChunk(path: string, chunk: string): void
}

export interface BlockResult {
  output: unknown
  /** condition blocks: the id whose `condition-<id>` edge is taken */
  selectedCondition?: string
  response?: ResponseOutput
  child?: RunOutcome
}

export type BlockExecutor = (ctx: BlockContext) => Promise<BlockResult>

/** A block failed with a message meant for the user (no stack). */
export class BlockError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BlockError'
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Editor tables are `[{cells: {Key, Value}}]`; plain objects are accepted too. */
export function tableToRecord(value: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (Array.isArray(value)) {
    for (const row of value) {
      const cells = isRecord(row) && isRecord(row.cells) ? row.cells : row
      if (!isRecord(cells)) continue
      const key = cells.Key ?? cells.key
      const val = cells.Value ?? cells.value
      if (typeof key === 'string' && key.trim() !== '') out[key.trim()] = stringValue(val)
    }
  } else if (isRecord(value)) {
    for (const [k, v] of Object.entries(value)) out[k] = stringValue(v)
  }
  return out
}

function stringValue(v: unknown): string {
  if (v === undefined || v === null) return ''
  return typeof v === 'object' ? JSON.stringify(v) : String(v)
}

/** Rejects when the signal aborts; resolves after `ms` otherwise. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason)
      return
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })
}
