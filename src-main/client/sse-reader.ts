// Reads an execute stream: bytes -> SSE events (eventsource-parser) -> validated frames.
// It never throws for a broken stream: it says how far it got, so the caller can follow the
// run by its execution id instead of resubmitting it.
import { createParser } from 'eventsource-parser'
import { StreamFrameSchema, type StreamFrame } from '../../src-shared/bridge.ts'

export type StreamOutcome =
  /** `[DONE]` arrived. `final` or `error` holds the terminal frame when the service sent one. */
  | { kind: 'done'; frames: number; final?: StreamFrame; invalidFrames: number }
  /** The connection ended or failed before `[DONE]`. */
  | {
      kind: 'broken'
      frames: number
      invalidFrames: number
      lastBlockId: string | null
      message: string
    }
  | { kind: 'cancelled'; frames: number; invalidFrames: number }

export interface ReadStreamOptions {
  signal?: AbortSignal
  onFrame(frame: StreamFrame): void
  /** A `data:` payload that is not a frame we know: reported, then skipped. */
  onInvalid?(raw: string, reason: string): void
}

export async function readRunStream(
  body: ReadableStream<Uint8Array>,
  opts: ReadStreamOptions,
): Promise<StreamOutcome> {
  let frames = 0
  let invalidFrames = 0
  let done = false
  let final: StreamFrame | undefined
  let lastBlockId: string | null = null

  const parser = createParser({
    onEvent(event) {
      if (done) return
      if (event.data === '[DONE]') {
        done = true
        return
      }
      let json: unknown
      try {
        json = JSON.parse(event.data)
      } catch {
        invalidFrames++
        opts.onInvalid?.(event.data, 'not JSON')
        return
      }
      const parsed = StreamFrameSchema.safeParse(json)
      if (!parsed.success) {
        invalidFrames++
        const issue = parsed.error.issues[0]
        opts.onInvalid?.(event.data, `${issue?.path.join('.') || 'frame'}: ${issue?.message}`)
        return
      }
      const frame = parsed.data
      frames++
      if ('blockId' in frame && frame.blockId) lastBlockId = frame.blockId
      if ('event' in frame && (frame.event === 'final' || frame.event === 'error')) final = frame
      opts.onFrame(frame)
    },
  })

  const reader = body.getReader()
  const decoder = new TextDecoder()
  const onAbort = () => void reader.cancel().catch(() => undefined)
  opts.signal?.addEventListener('abort', onAbort, { once: true })
  try {
    while (!done) {
      if (opts.signal?.aborted) return { kind: 'cancelled', frames, invalidFrames }
      let chunk: Awaited<ReturnType<typeof reader.read>>
      try {
        chunk = await reader.read()
      } catch {
        if (opts.signal?.aborted) return { kind: 'cancelled', frames, invalidFrames }
        return broken('The connection broke while the run was streaming.')
      }
      if (chunk.done) {
        parser.feed(decoder.decode())
        // A last frame without its blank line is still a frame: flush it.
        parser.feed('\n\n')
        if (done) break
        if (opts.signal?.aborted) return { kind: 'cancelled', frames, invalidFrames }
        return broken('The stream ended before the service said it was done.')
      }
      parser.feed(decoder.decode(chunk.value, { stream: true }))
    }
    await reader.cancel().catch(() => undefined)
    return { kind: 'done', frames, invalidFrames, ...(final ? { final } : {}) }
  } finally {
    opts.signal?.removeEventListener('abort', onAbort)
  }

  function broken(message: string): StreamOutcome {
    return { kind: 'broken', frames, invalidFrames, lastBlockId, message }
  }
}
