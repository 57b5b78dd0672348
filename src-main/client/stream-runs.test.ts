import { describe, expect, it } from 'vitest'
import { createStreamRuns } from './stream-runs.ts'

const enc = new TextEncoder()
function controlled() {
  let push!: (text: string) => void
  let close!: () => void
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      push = (t) => c.enqueue(enc.encode(t))
      close = () => c.close()
    },
  })
  return { body, push: (t: string) => push(t), close: () => close() }
}

const info = { connectionId: 'c', workflowId: 'w', executionId: 'e1' }
const tick = () => new Promise((ok) => setTimeout(ok, 5))

describe('stream runs', () => {
  it('pushes frames only to subscribers and replays them to a late one', async () => {
    const sent: { to: string; type: string }[] = []
    const runs = createStreamRuns((to, _runId, event) => sent.push({ to, type: event.type }))
    const s = controlled()
    const run = runs.begin(info, 'page-a', new AbortController(), s.body)
    s.push('data: {"blockId":"b","chunk":"x"}\n\n')
    await tick()
    expect(sent).toEqual([{ to: 'page-a', type: 'frame' }])
    expect(runs.subscribe(run.runId, 'page-b')).toBe(1)
    expect(sent.at(-1)).toEqual({ to: 'page-b', type: 'frame' })
    runs.unsubscribe(run.runId, 'page-a')
    s.push('data: [DONE]\n\n')
    await tick()
    expect(sent.filter((m) => m.to === 'page-a')).toHaveLength(1)
    expect(sent.at(-1)).toEqual({ to: 'page-b', type: 'end' })
  })

  it('a broken stream ends with canFollow when the execution id is known', async () => {
    const events: unknown[] = []
    const runs = createStreamRuns((_to, _id, event) => events.push(event))
    const s = controlled()
    runs.begin(info, 'p', new AbortController(), s.body)
    s.push('data: {"blockId":"b","chunk":"x"}\n\n')
    s.close()
    await tick()
    expect(events.at(-1)).toMatchObject({
      type: 'end',
      outcome: 'broken',
      frames: 1,
      executionId: 'e1',
      canFollow: true,
    })
  })

  it('abort stops reading and ends as cancelled', async () => {
    const events: unknown[] = []
    const runs = createStreamRuns((_to, _id, event) => events.push(event))
    const s = controlled()
    const run = runs.begin(info, 'p', new AbortController(), s.body)
    expect(runs.abort(run.runId)).toBe(true)
    await tick()
    expect(events.at(-1)).toMatchObject({ type: 'end', outcome: 'cancelled', canFollow: false })
    expect(runs.abort(run.runId)).toBe(false)
    expect(() => runs.subscribe('nope', 'p')).toThrow(/over or unknown/)
  })
})
