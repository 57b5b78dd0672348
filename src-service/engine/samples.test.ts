// Every sample workflow in resources/workflows runs through the engine.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseDefinition, unknownBlockTypes } from './definition.ts'
import { runWorkflow } from './run-workflow.ts'
import { shutdownFunctionPool } from './function-pool.ts'
import { terminalFrame } from './stream-frames.ts'
import type { Definition } from './definition.ts'
import type { EngineEvent, RunRequest } from './types.ts'

const dir = join(import.meta.dirname, '../../resources/workflows')
afterAll(() => shutdownFunctionPool())

function load(name: string): Definition {
  const parsed = parseDefinition(JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')))
  if (!parsed.ok) throw new Error(parsed.error)
  return parsed.definition
}

const run = (name: string, input: unknown, extra: Partial<RunRequest> = {}) =>
  runWorkflow({ executionId: 'e', workflowId: name, definition: load(name), input, ...extra })

describe('sample workflows', () => {
  it('all parse, with a name and description, using supported blocks only', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'))
    expect(files.sort()).toEqual(
      ['approval', 'branching', 'fails-on-purpose', 'greeting', 'report', 'slow-job'].map(
        (n) => `${n}.json`,
      ),
    )
    for (const file of files) {
      const raw = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>
      expect(typeof raw.name).toBe('string')
      expect(typeof raw.description).toBe('string')
      expect(unknownBlockTypes(load(file.replace('.json', '')))).toEqual([])
    }
  })

  it('greeting answers through its Response block', async () => {
    const outcome = await run('greeting', { name: 'Ada' })
    expect(outcome.response).toEqual({
      data: { greeting: 'Hello, Ada!' },
      status: 200,
      headers: {},
    })
    expect((await run('greeting', {})).response?.data).toEqual({ greeting: 'Hello, World!' })
  })

  it('report streams each selected step as it completes', async () => {
    const events: EngineEvent[] = []
    const outcome = await run(
      'report',
      { topic: 'tea', stepMs: 5 },
      {
        selectedOutputs: ['outline.result', 'draft.result', 'summary.result'],
        onEvent: (e) => events.push(e),
      },
    )
    const chunks = events
      .filter((e) => e.type === 'chunk')
      .map((e) => e.type === 'chunk' && e.blockId)
    expect(chunks).toEqual(['outline', 'draft', 'summary'])
    expect(outcome.output).toMatchObject({
      result: expect.stringContaining('Summary: Report on tea'),
    })
    expect(terminalFrame(outcome)).toEqual({ event: 'final', data: { success: true, output: {} } })
  })

  it('slow-job waits and then finishes', async () => {
    const outcome = await run('slow-job', { seconds: 0.02 })
    expect(outcome.output).toEqual({ result: { done: true, waitedMs: 20 }, stdout: '' })
  })

  it('fails-on-purpose fails with its clear message', async () => {
    const outcome = await run('fails-on-purpose', {})
    expect(outcome).toMatchObject({
      status: 'failed',
      failedBlockId: 'explode',
      error: 'This workflow fails on purpose: this is a demonstration',
    })
  })

  it('branching picks the branch for the number', async () => {
    expect((await run('branching', { number: 42 })).output).toMatchObject({
      result: '42 is bigger than 10',
    })
    expect((await run('branching', { number: '3' })).output).toMatchObject({
      result: '3 is 10 or less',
    })
  })

  it('approval pauses and continues with the submission', async () => {
    const paused = await run('approval', { request: 'a bike' })
    expect(paused.pause?.prompt).toBe('Approve the request for a bike?')
    const state = JSON.parse(JSON.stringify(paused.pause!.state))
    const approved = await run('approval', {}, { resume: { state, input: { approved: true } } })
    expect(approved.output).toMatchObject({ result: 'Approved: a bike' })
    const rejected = await run(
      'approval',
      {},
      { resume: { state, input: { approved: false, comment: 'too dear' } } },
    )
    expect(rejected.output).toMatchObject({ result: 'Rejected: too dear' })
  })
})
