// Stream frames (API-NOTES, "Stream frames"): the HTTP layer writes `data: <json>\n\n` for each
// frame these helpers return, then `data: [DONE]`. It decides nothing about their content.
import type { EngineEvent, RunOutcome } from './types.ts'

export type StreamFrame =
  | { blockId: string; chunk: string }
  | { blockId?: string; event: 'stream_error'; error: string }
  | { event: 'final'; data: { success: boolean; error?: string; output: unknown } }
  | { event: 'error'; error: string; blockId?: string }

/** The frame for an engine event, or undefined for events a stream does not carry. */
export function eventFrame(event: EngineEvent): StreamFrame | undefined {
  if (event.type === 'chunk') return { blockId: event.blockId, chunk: event.chunk }
  if (event.type === 'stream-error') {
    return { blockId: event.blockId, event: 'stream_error', error: event.error }
  }
  return undefined
}

/**
 * The one terminal frame of a run. With selectedOutputs, `output` holds only what did not go
 * out as chunks, as `{<blockId>: {<path>: value}}`. A paused run ends its stream with a final
 * frame whose output describes the pause (`{status: 'paused', contextId, blockId}`).
 */
export function terminalFrame(outcome: RunOutcome): StreamFrame {
  if (outcome.status === 'failed' || outcome.status === 'cancelled') {
    return {
      event: 'error',
      error: outcome.error ?? `The workflow run ${outcome.status}`,
      ...(outcome.failedBlockId ? { blockId: outcome.failedBlockId } : {}),
    }
  }
  let output = outcome.output
  if (outcome.selected && outcome.status === 'success') {
    const rest: Record<string, Record<string, unknown>> = {}
    for (const s of outcome.selected) {
      if (s.streamed || s.value === undefined) continue
      rest[s.blockId] ??= {}
      rest[s.blockId]![s.path] = s.value
    }
    output = rest
  }
  return { event: 'final', data: { success: true, output } }
}

export const SSE_DONE = 'data: [DONE]\n\n'

export function sseFrame(frame: StreamFrame): string {
  return `data: ${JSON.stringify(frame)}\n\n`
}
