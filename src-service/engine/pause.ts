// Human-in-the-loop pauses: what the paused block asks for, and the checks a persisted state
// must pass before a run continues from it.
import { isRecord } from './block-context.ts'
import { readInputFormat, subBlockValue } from './definition.ts'
import type { RawBlock } from './definition.ts'
import type { Graph } from './graph.ts'
import { resolveValue } from './references.ts'
import type { ReferenceScope } from './references.ts'
import type { PausedState } from './types.ts'

export class ResumeStateError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ResumeStateError'
  }
}

export function checkResumeState(state: PausedState, workflowId: string, graph: Graph): void {
  if (!isRecord(state) || state.version !== 1) {
    throw new ResumeStateError('The paused state is not one this engine wrote')
  }
  if (state.workflowId !== workflowId) {
    throw new ResumeStateError('The paused state belongs to another workflow')
  }
  if (!graph.blocks.has(state.pausedBlockId)) {
    throw new ResumeStateError('The paused block no longer exists in this workflow')
  }
}

export /** What a human-in-the-loop block asks: its prompt (references resolved) and form fields. */
function pauseDetails(block: RawBlock, scope: ReferenceScope) {
  const raw = ['prompt', 'message', 'description']
    .map((key) => subBlockValue(block, key))
    .find((v) => typeof v === 'string' && v !== '')
  let prompt: string | undefined
  try {
    prompt = raw === undefined ? undefined : String(resolveValue(raw, scope))
  } catch {
    prompt = String(raw)
  }
  const inputFormat = readInputFormat(subBlockValue(block, 'inputFormat')).map(
    ({ name, type, description }) => ({ name, type, ...(description ? { description } : {}) }),
  )
  return { prompt, inputFormat }
}
