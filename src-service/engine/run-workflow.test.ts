import { afterAll, describe, expect, it } from 'vitest'
import { runWorkflow } from './run-workflow.ts'
import { CallChainError } from './call-chain.ts'
import { ResumeStateError } from './pause.ts'
import { shutdownFunctionPool } from './function-pool.ts'
import { terminalFrame } from './stream-frames.ts'
import { block, definition, edge, fn, start } from './test-helpers.ts'
import type { Definition } from './definition.ts'
import type { EngineEvent, RunRequest } from './types.ts'

afterAll(() => shutdownFunctionPool())

const run = (def: Definition, input: unknown = {}, extra: Partial<RunRequest> = {}) =>
  runWorkflow({ executionId: 'exec-1', workflowId: 'wf-1', definition: def, input, ...extra })

describe('edges and pruning', () => {
  it('runs a chain and returns the last block output', async () => {
    const def = definition(
      [
        start([{ name: 'n', type: 'number' }]),
        fn('double', 'return <start.n> * 2'),
        fn('inc', 'return <double.result> + 1'),
      ],
      [edge('start', 'double'), edge('double', 'inc')],
    )
    const outcome = await run(def, { n: '20' })
    expect(outcome.status).toBe('success')
    expect(outcome.output).toEqual({ result: 41, stdout: '' })
    expect(outcome.blockLogs.map((l) => [l.blockId, l.success])).toEqual([
      ['start', true],
      ['double', true],
      ['inc', true],
    ])
  })

  it('joins parallel branches: a block waits for all incoming edges', async () => {
    const def = definition(
      [
        start(),
        fn('slow', 'await new Promise((r) => setTimeout(r, 30)); return "slow"'),
        fn('fast', 'return "fast"'),
        fn('join', 'return <slow.result> + "+" + <fast.result>'),
      ],
      [edge('start', 'slow'), edge('start', 'fast'), edge('slow', 'join'), edge('fast', 'join')],
    )
    const outcome = await run(def)
    expect(outcome.output).toEqual({ result: 'slow+fast', stdout: '' })
  })

  it('takes the error edge of a failed block and prunes its success edge onward', async () => {
    const def = definition(
      [
        start(),
        fn('risky', 'throw new Error("nope")'),
        fn('happy', 'return "happy"'),
        fn('after', 'return "after happy"'),
        fn('recover', 'return "recovered from " + <risky.error>'),
      ],
      [
        edge('start', 'risky'),
        edge('risky', 'happy'),
        edge('happy', 'after'),
        edge('risky', 'recover', 'error'),
      ],
    )
    const events: EngineEvent[] = []
    const outcome = await run(def, {}, { onEvent: (e) => events.push(e) })
    expect(outcome.status).toBe('success')
    expect(outcome.output).toEqual({ result: 'recovered from nope', stdout: '' })
    expect(outcome.blockLogs.map((l) => l.blockId)).toEqual(['start', 'risky', 'recover'])
    expect(outcome.blockLogs[1]).toMatchObject({ success: false, error: 'nope' })
    expect(events).toContainEqual({ type: 'stream-error', blockId: 'risky', error: 'nope' })
  })

  it('fails the run when a failed block has no error edge', async () => {
    const def = definition(
      [start(), fn('bad', 'return <start.input>.missing.deep'), fn('never', 'return 1')],
      [edge('start', 'bad'), edge('bad', 'never')],
    )
    const outcome = await run(def, {})
    expect(outcome).toMatchObject({ status: 'failed', failedBlockId: 'bad', output: {} })
    expect(outcome.error).toMatch(/Cannot read properties of undefined/)
    expect(terminalFrame(outcome)).toEqual({ event: 'error', error: outcome.error, blockId: 'bad' })
  })

  it('fails a block whose reference matches no block', async () => {
    const def = definition([start(), fn('f', 'return <ghost.value>')], [edge('start', 'f')])
    const outcome = await run(def)
    expect(outcome).toMatchObject({
      status: 'failed',
      failedBlockId: 'f',
      error: 'Reference <ghost.value> does not match any block',
    })
  })

  it('skips disabled blocks and what only they lead to', async () => {
    const def = definition(
      [
        start(),
        { ...fn('off', 'return "off"'), enabled: false },
        fn('behind', 'return 1'),
        fn('on', 'return "on"'),
      ],
      [edge('start', 'off'), edge('off', 'behind'), edge('start', 'on')],
    )
    const outcome = await run(def)
    expect(outcome.blockLogs.map((l) => l.blockId)).toEqual(['start', 'on'])
    expect(outcome.output).toEqual({ result: 'on', stdout: '' })
  })

  it('uses variables and env values', async () => {
    const def = definition(
      [start(), fn('f', 'return <variable.greeting> + " " + "{{WHO}}"')],
      [edge('start', 'f')],
      { v: { id: 'v', name: 'greeting', type: 'string', value: 'hello' } },
    )
    expect((await run(def, {}, { env: { WHO: 'env' } })).output).toMatchObject({
      result: 'hello env',
    })
    const overridden = await run(def, {}, { env: { WHO: 'x' }, variables: { greeting: 'hi' } })
    expect(overridden.output).toMatchObject({ result: 'hi x' })
  })

  it('fails clearly without a Start block', async () => {
    const outcome = await run(definition([fn('f', 'return 1')], []))
    expect(outcome).toMatchObject({ status: 'failed', error: 'The workflow has no Start block' })
  })
})

describe('condition blocks', () => {
  const def = definition(
    [
      start([{ name: 'n', type: 'number' }]),
      block('check', 'condition', {
        conditions: JSON.stringify([
          { id: 'c-big', title: 'if', value: '<start.n> > 100' },
          { id: 'c-mid', title: 'else if', value: '<start.n> > 10' },
          { id: 'c-else', title: 'else', value: '' },
        ]),
      }),
      fn('big', 'return "big"'),
      fn('mid', 'return "mid"'),
      fn('small', 'return "small"'),
      fn('tail', 'return "after " + <mid.result>'),
    ],
    [
      edge('start', 'check'),
      edge('check', 'big', 'condition-c-big'),
      edge('check', 'mid', 'condition-c-mid'),
      edge('check', 'small', 'condition-c-else'),
      edge('mid', 'tail'),
    ],
  )

  it.each([
    [500, 'c-big', ['start', 'check', 'big'], 'big'],
    [50, 'c-mid', ['start', 'check', 'mid', 'tail'], 'after mid'],
    [5, 'c-else', ['start', 'check', 'small'], 'small'],
  ])('n=%s takes only the chosen branch', async (n, option, ran, result) => {
    const outcome = await run(def, { n })
    expect(outcome.blockLogs.map((l) => l.blockId)).toEqual(ran)
    expect(outcome.blockLogs[1]!.output).toMatchObject({
      selectedOption: option,
      conditionResult: true,
    })
    expect(outcome.output).toMatchObject({ result })
  })
})

describe('response, stopAfterBlockId, wait and cancel', () => {
  it('ends the run at a Response block with its data, status and headers', async () => {
    const def = definition(
      [
        start([{ name: 'name', type: 'string' }]),
        block('respond', 'response', {
          data: '{"hello": "<start.name>", "n": <start.input>}',
          status: '201',
          headers: [{ id: 'h', cells: { Key: 'X-Demo', Value: 'yes' } }],
        }),
        fn('later', 'return 1'),
      ],
      [edge('start', 'respond'), edge('respond', 'later')],
    )
    const outcome = await run(def, { name: 'Q "x"' })
    const response = {
      data: { hello: 'Q "x"', n: { name: 'Q "x"' } },
      status: 201,
      headers: { 'X-Demo': 'yes' },
    }
    expect(outcome).toMatchObject({ status: 'success', response, output: response })
    expect(outcome.blockLogs.map((l) => l.blockId)).toEqual(['start', 'respond'])
  })

  it('stops successfully after stopAfterBlockId', async () => {
    const def = definition(
      [start(), fn('a', 'return "a"'), fn('b', 'return "b"')],
      [edge('start', 'a'), edge('a', 'b')],
    )
    const outcome = await run(def, {}, { stopAfterBlockId: 'a' })
    expect(outcome).toMatchObject({ status: 'success', output: { result: 'a' } })
    expect(outcome.blockLogs.map((l) => l.blockId)).toEqual(['start', 'a'])
  })

  it('waits and reports the duration, timed by the injected clock', async () => {
    let t = 1_000
    const def = definition(
      [start(), block('pause', 'wait', { timeValue: '0.02', timeUnit: 'seconds' })],
      [edge('start', 'pause')],
    )
    const outcome = await run(def, {}, { now: () => (t += 5) })
    expect(outcome.output).toEqual({ waitDuration: 20, status: 'completed' })
    expect(outcome.startTime).toBe(new Date(1_005).toISOString())
    expect(outcome.blockLogs[1]!.durationMs).toBe(5)
  })

  it('cancels a run in a long wait promptly', async () => {
    const def = definition(
      [
        start(),
        block('pause', 'wait', { timeValue: 5, timeUnit: 'minutes' }),
        fn('never', 'return 1'),
      ],
      [edge('start', 'pause'), edge('pause', 'never')],
    )
    const controller = new AbortController()
    const events: EngineEvent[] = []
    const running = run(
      def,
      {},
      {
        signal: controller.signal,
        onEvent: (e) => {
          events.push(e)
          if (e.type === 'block-started' && e.blockId === 'pause')
            setTimeout(() => controller.abort(), 10)
        },
      },
    )
    const outcome = await running
    expect(outcome.status).toBe('cancelled')
    expect(outcome.blockLogs.map((l) => l.blockId)).toEqual(['start'])
    expect(terminalFrame(outcome)).toMatchObject({ event: 'error' })
  })

  it('cancels an in-flight function', async () => {
    const def = definition([start(), fn('spin', 'while (true) {}')], [edge('start', 'spin')])
    const started = Date.now()
    const outcome = await run(def, {}, { signal: AbortSignal.timeout(50) })
    expect(outcome.status).toBe('cancelled')
    expect(Date.now() - started).toBeLessThan(2_000)
  })
})

describe('human in the loop', () => {
  const def = definition(
    [
      start([{ name: 'item', type: 'string' }]),
      block('approve', 'human_in_the_loop', {
        prompt: 'Buy <start.item>?',
        inputFormat: [{ name: 'approved', type: 'boolean' }],
      }),
      fn('decide', 'return (<approve.approved> ? "bought " : "skipped ") + <start.item>'),
    ],
    [edge('start', 'approve'), edge('approve', 'decide')],
  )

  it('pauses with a serializable state and resumes from it', async () => {
    const paused = await run(def, { item: 'tea' })
    expect(paused.status).toBe('paused')
    expect(paused.pause).toMatchObject({
      blockId: 'approve',
      prompt: 'Buy tea?',
      inputFormat: [{ name: 'approved', type: 'boolean' }],
    })
    expect(terminalFrame(paused)).toMatchObject({
      event: 'final',
      data: { output: { status: 'paused' } },
    })
    const state = JSON.parse(JSON.stringify(paused.pause!.state))
    const events: EngineEvent[] = []
    const resumed = await run(
      def,
      {},
      {
        resume: { state, input: { approved: true, note: 'ok' } },
        onEvent: (e) => events.push(e),
      },
    )
    expect(resumed.status).toBe('success')
    expect(resumed.output).toMatchObject({ result: 'bought tea' })
    expect(resumed.blockLogs.map((l) => l.blockId)).toEqual(['start', 'approve', 'decide'])
    expect(resumed.blockLogs[1]!.output).toEqual({
      approved: true,
      note: 'ok',
      submission: { approved: true, note: 'ok' },
    })
    expect(events[0]).toMatchObject({ type: 'block-completed', blockId: 'approve' })
  })
  it('refuses a paused state from another workflow', async () => {
    const paused = await run(def, { item: 'tea' })
    await expect(
      runWorkflow({
        executionId: 'exec-2',
        workflowId: 'wf-other',
        definition: def,
        input: {},
        resume: { state: paused.pause!.state, input: {} },
      }),
    ).rejects.toBeInstanceOf(ResumeStateError)
  })
})

describe('workflow blocks', () => {
  const parent = definition(
    [
      start(),
      block('child', 'workflow', { workflowId: 'wf-child', input: { x: '<start.input>' } }),
    ],
    [edge('start', 'child')],
  )

  it("runs the child through callWorkflow and outputs the child's output", async () => {
    const calls: unknown[] = []
    const outcome = await run(parent, 7, {
      callChain: ['wf-root'],
      callWorkflow: async (workflowId, input, callChain) => {
        calls.push({ workflowId, input, callChain })
        return { ...(await run(definition([start()], []), input)), output: { got: input } }
      },
    })
    expect(calls).toEqual([
      { workflowId: 'wf-child', input: { x: 7 }, callChain: ['wf-root', 'wf-1'] },
    ])
    expect(outcome.output).toEqual({ got: { x: 7 } })
  })

  it('throws CallChainError for a cycle, in the block and at the top', async () => {
    const cyclic = definition(
      [start(), block('again', 'workflow', { workflowId: 'wf-root' })],
      [edge('start', 'again')],
    )
    await expect(
      run(
        cyclic,
        {},
        {
          callChain: ['wf-root'],
          callWorkflow: async () => {
            throw new Error('not reached')
          },
        },
      ),
    ).rejects.toBeInstanceOf(CallChainError)
    await expect(run(parent, {}, { callChain: ['wf-1'] })).rejects.toThrow(/cycle/)
    const deep = Array.from({ length: 25 }, (_, i) => `wf-${i + 100}`)
    await expect(run(parent, {}, { callChain: deep })).rejects.toThrow(/deeper than 25/)
  })
})

describe('selectedOutputs', () => {
  it('sends selected outputs as chunks once and leaves the rest for the final frame', async () => {
    const def = definition(
      [
        start([{ name: 'name', type: 'string' }]),
        fn('greet', 'console.log("made it"); return { text: "hi " + <start.name>, n: 2 }'),
        fn('quiet', 'return ""'),
      ],
      [edge('start', 'greet'), edge('greet', 'quiet')],
    )
    const events: EngineEvent[] = []
    const outcome = await run(
      def,
      { name: 'Bo' },
      {
        selectedOutputs: ['greet.result', 'greet.stdout', 'quiet.result', 'start.name'],
        onEvent: (e) => events.push(e),
      },
    )
    const chunks = events.filter((e) => e.type === 'chunk')
    expect(chunks).toEqual([
      { type: 'chunk', blockId: 'start', path: 'name', chunk: 'Bo' },
      {
        type: 'chunk',
        blockId: 'greet',
        path: 'result',
        chunk: '{\n  "text": "hi Bo",\n  "n": 2\n}',
      },
      { type: 'chunk', blockId: 'greet', path: 'stdout', chunk: 'made it' },
    ])
    expect(terminalFrame(outcome)).toEqual({
      event: 'final',
      data: { success: true, output: { quiet: { result: '' } } },
    })
  })
})
