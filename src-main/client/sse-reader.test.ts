import { describe, expect, it } from 'vitest'
import { readRunStream } from './sse-reader.ts'
import type { StreamFrame } from '../../src-shared/bridge.ts'

const FRAMES = [
  'data: {"blockId":"agent1","chunk":"Hel"}\n\n',
  'data: {"blockId":"agent1","chunk":"lo ✓"}\n\n',
  'data: {"event":"stream_error","blockId":"api1","error":"upstream 502"}\n\n',
  'data: {"event":"final","data":{"success":true,"output":{"fn1":{"result":42}}}}\n\n',
  'data: [DONE]\n\n',
]
const WHOLE = new TextEncoder().encode(FRAMES.join(''))

function streamOf(parts: Uint8Array[], opts: { fail?: boolean; hang?: boolean } = {}) {
  const queue = [...parts]
  // Pull-based, so an error arrives after the bytes before it, as on a real socket.
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift()
      if (next) return controller.enqueue(next)
      if (opts.fail) controller.error(new Error('socket reset'))
      else if (!opts.hang) controller.close()
      else return new Promise<void>(() => undefined)
    },
  })
}

async function collect(parts: Uint8Array[], opts: { fail?: boolean } = {}) {
  const frames: StreamFrame[] = []
  const outcome = await readRunStream(streamOf(parts, opts), { onFrame: (f) => frames.push(f) })
  return { frames, outcome }
}

describe('SSE reader', () => {
  it('reads the same frames however the bytes are split (every split point)', async () => {
    const reference = await collect([WHOLE])
    expect(reference.outcome).toMatchObject({ kind: 'done', frames: 4 })
    expect(reference.frames[0]).toEqual({ blockId: 'agent1', chunk: 'Hel' })
    expect(reference.frames[1]).toEqual({ blockId: 'agent1', chunk: 'lo ✓' })
    for (let i = 1; i < WHOLE.length; i++) {
      const split = await collect([WHOLE.slice(0, i), WHOLE.slice(i)])
      expect(split.frames, `split at byte ${i}`).toEqual(reference.frames)
      expect(split.outcome.kind).toBe('done')
    }
  })

  it('reads a stream delivered one byte at a time (multi-byte characters cut in half)', async () => {
    const bytes = [...WHOLE].map((b) => new Uint8Array([b]))
    const { frames, outcome } = await collect(bytes)
    expect(frames.map((f) => ('chunk' in f ? f.chunk : null))).toEqual(['Hel', 'lo ✓', null, null])
    expect(outcome).toMatchObject({ kind: 'done', final: { event: 'final' } })
  })

  it('stops at [DONE] and ignores anything after it', async () => {
    const extra = new TextEncoder().encode(
      FRAMES.join('') + 'data: {"blockId":"x","chunk":"late"}\n\n',
    )
    const { frames } = await collect([extra])
    expect(frames).toHaveLength(4)
  })

  it('reports how far a broken stream got', async () => {
    const cut = new TextEncoder().encode(FRAMES.slice(0, 2).join(''))
    const ended = await collect([cut])
    expect(ended.outcome).toMatchObject({ kind: 'broken', frames: 2, lastBlockId: 'agent1' })
    const failed = await collect([cut], { fail: true })
    expect(failed.outcome).toMatchObject({ kind: 'broken', frames: 2 })
  })

  it('skips and reports frames that are not valid', async () => {
    const bad = new TextEncoder().encode(
      'data: {not json}\n\ndata: {"blockId":3}\n\ndata: {"event":"error","error":"boom"}\n\ndata: [DONE]\n\n',
    )
    const invalid: string[] = []
    const outcome = await readRunStream(streamOf([bad]), {
      onFrame: () => undefined,
      onInvalid: (_raw, reason) => invalid.push(reason),
    })
    expect(invalid).toHaveLength(2)
    expect(outcome).toMatchObject({
      kind: 'done',
      frames: 1,
      invalidFrames: 2,
      final: { event: 'error', error: 'boom' },
    })
  })

  it('abort cancels the read', async () => {
    const controller = new AbortController()
    const first = new TextEncoder().encode(FRAMES[0]!)
    const frames: StreamFrame[] = []
    const pending = readRunStream(streamOf([first], { hang: true }), {
      signal: controller.signal,
      onFrame: (f) => {
        frames.push(f)
        controller.abort()
      },
    })
    await expect(pending).resolves.toMatchObject({ kind: 'cancelled', frames: 1 })
  })
})
