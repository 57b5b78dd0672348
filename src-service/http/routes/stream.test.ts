// Stream mode over real HTTP (port 0): frames of API-NOTES in order, flushed as blocks produce
// them, one terminal frame, then [DONE]; a client that goes away cancels the run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseStreamData, type StreamFrame } from '../../../src-shared/api/execution.ts'
import { block, definition, edge, fn, start } from '../../engine/test-helpers.ts'
import { shutdownFunctionPool } from '../../engine/index.ts'
import { createTestService, type TestService } from '../../testing/test-app.ts'
import { deploySample, deployWorkflow, waitForJob } from '../../testing/workflows.ts'

let s: TestService
let base: string
const ids: Record<string, string> = {}

beforeAll(async () => {
  s = await createTestService()
  for (const name of ['report', 'greeting', 'fails-on-purpose', 'approval']) {
    ids[name] = await deploySample(s, name)
  }
  const recovering = definition(
    [
      start(),
      fn('risky', 'throw new Error("nope")'),
      fn('recover', 'return "recovered from " + <risky.error>'),
    ],
    [edge('start', 'risky'), edge('risky', 'recover', 'error')],
  )
  ids.recovering = await deployWorkflow(s, recovering, { name: 'recovering' })
  base = await s.app.listen({ host: '127.0.0.1', port: 0 })
}, 30_000)

afterAll(async () => {
  await s.close()
  await shutdownFunctionPool()
})

function post(path: string, body: unknown, signal?: AbortSignal) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'x-api-key': s.keys.personal,
      'content-type': 'application/json',
      'x-service-stream-version': '2',
      // One connection per stream: a kept-alive spare would hold the server's close open.
      connection: 'close',
    },
    body: JSON.stringify(body),
    signal,
  })
}

/** The raw SSE blocks (`data: ...`) of a response, as they arrive. */
async function* sseBlocks(res: Response): AsyncGenerator<string> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    buffer += value
    let end: number
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      yield buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
    }
  }
  expect(buffer).toBe('')
}

/** Every frame of a finished stream, checked to be `data: <json>` alone, ending in [DONE]. */
async function readAll(res: Response): Promise<StreamFrame[]> {
  const frames: StreamFrame[] = []
  let done = false
  for await (const raw of sseBlocks(res)) {
    expect(done).toBe(false)
    expect(raw.startsWith('data: ')).toBe(true)
    expect(raw.split('\n').every((line) => line.startsWith('data: '))).toBe(true)
    const data = parseStreamData(raw.slice('data: '.length))
    if (data.kind === 'done') done = true
    else if (data.kind === 'frame') frames.push(data.frame)
    else throw new Error(`invalid frame: ${data.reason}`)
  }
  expect(done).toBe(true)
  return frames
}

describe('stream mode', () => {
  it('streams selected block outputs in order, then final and [DONE]', async () => {
    const res = await post(`/api/workflows/${ids.report}/execute`, {
      stream: true,
      topic: 'tides',
      stepMs: 20,
      selectedOutputs: ['outline.result', 'draft.result', 'summary.result'],
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(res.headers.get('x-accel-buffering')).toBe('no')
    expect(res.headers.get('x-execution-id')).toMatch(/^[0-9a-f-]{36}$/)
    const frames = await readAll(res)
    expect(frames.map((f) => ('chunk' in f ? f.blockId : f.event))).toEqual([
      'outline',
      'draft',
      'summary',
      'final',
    ])
    expect((frames[0] as { chunk: string }).chunk).toMatch(/^Outline for tides:/)
    // Everything selected went out as chunks, so the final output has nothing left to carry.
    expect(frames[3]).toEqual({ event: 'final', data: { success: true, output: {} } })
  })

  it('flushes each frame as it is produced, while the run is still going', async () => {
    const res = await post(`/api/workflows/${ids.report}/execute`, {
      stream: true,
      stepMs: 300,
      selectedOutputs: ['outline.result', 'summary.result'],
    })
    const executionId = res.headers.get('x-execution-id')!
    const blocks = sseBlocks(res)
    const first = await blocks.next()
    expect(first.value).toMatch(/^data: \{"blockId":"outline"/)
    // Two more steps of 300 ms remain, so the run cannot have ended yet.
    expect((await waitForJob(s, executionId, () => true)).status).toBe('processing')
    const rest: string[] = []
    for await (const raw of blocks) rest.push(raw)
    expect(rest.at(-1)).toBe('data: [DONE]')
    expect((await waitForJob(s, executionId)).status).toBe('completed')
  })

  it('without selectedOutputs, the final frame carries the workflow output', async () => {
    const res = await post(`/api/workflows/${ids.greeting}/execute`, { stream: true, name: 'Lin' })
    expect(await readAll(res)).toEqual([
      {
        event: 'final',
        data: {
          success: true,
          output: { data: { greeting: 'Hello, Lin!' }, status: 200, headers: {} },
        },
      },
    ])
  })

  it('ends a failed run with one error frame (never final), then [DONE]', async () => {
    const res = await post(`/api/workflows/${ids['fails-on-purpose']}/execute`, {
      stream: true,
      reason: 'streaming',
    })
    expect(await readAll(res)).toEqual([
      {
        event: 'error',
        error: 'This workflow fails on purpose: streaming',
        blockId: 'explode',
      },
    ])
  })

  it('sends stream_error for a block that fails onto an error edge, and goes on', async () => {
    const res = await post(`/api/workflows/${ids.recovering}/execute`, {
      stream: true,
      selectedOutputs: ['recover.result'],
    })
    expect(await readAll(res)).toEqual([
      { blockId: 'risky', event: 'stream_error', error: 'nope' },
      { blockId: 'recover', chunk: 'recovered from nope' },
      { event: 'final', data: { success: true, output: {} } },
    ])
  })

  it('a paused run ends its stream with the pause; the resume streams the rest', async () => {
    const res = await post(`/api/workflows/${ids.approval}/execute`, {
      stream: true,
      request: 'a lamp',
    })
    const executionId = res.headers.get('x-execution-id')!
    const [final] = await readAll(res)
    const output = (final as { data: { output: { contextId: string } } }).data.output
    expect(output).toMatchObject({ status: 'paused', blockId: 'approval' })
    const resumed = await post(`/api/resume/${ids.approval}/${executionId}/${output.contextId}`, {
      input: { approved: true },
    })
    expect(resumed.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(await readAll(resumed)).toEqual([
      {
        event: 'final',
        data: { success: true, output: { result: 'Approved: a lamp', stdout: '' } },
      },
    ])
  })

  it('cancels the run when the client goes away', async () => {
    const controller = new AbortController()
    const res = await post(
      `/api/workflows/${ids.report}/execute`,
      { stream: true, stepMs: 1000, selectedOutputs: ['outline.result', 'summary.result'] },
      controller.signal,
    )
    const executionId = res.headers.get('x-execution-id')!
    const first = await sseBlocks(res).next()
    expect(first.value).toMatch(/"blockId":"outline"/)
    controller.abort()
    const job = await waitForJob(s, executionId)
    expect(job).toMatchObject({ status: 'cancelled', error: 'The workflow run was cancelled' })
  })

  it('answers errors before the stream starts as ordinary JSON', async () => {
    const res = await post(`/api/workflows/${ids.report}/execute`, {
      stream: true,
      selectedOutputs: ['nothing.here'],
    })
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await res.json()).toMatchObject({ code: 'INVALID_SELECTED_OUTPUT' })
  })
})

it('a Response block in the middle still ends the stream with final', async () => {
  const early = definition(
    [start(), block('reply', 'response', { data: { ok: true }, status: 202 })],
    [edge('start', 'reply')],
  )
  const id = await deployWorkflow(s, early, { name: 'early reply' })
  const res = await post(`/api/workflows/${id}/execute`, { stream: true })
  expect(res.status).toBe(200)
  const frames = await readAll(res)
  expect(frames).toEqual([
    {
      event: 'final',
      data: { success: true, output: { data: { ok: true }, status: 202, headers: {} } },
    },
  ])
})
