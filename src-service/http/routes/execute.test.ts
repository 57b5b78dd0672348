// POST /api/workflows/{id}/execute through app.inject: every response kind of the spec's
// Execute section and every execution row of its Errors table (503 is in shutdown.test.ts,
// streams in stream.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AsyncReceiptSchema,
  ExecutionResultSchema,
  PendingReceiptSchema,
} from '../../../src-shared/api/execution.ts'
import { ErrorBodySchema } from '../../../src-shared/api/common.ts'
import { WorkflowDetailResponseSchema } from '../../../src-shared/api/workflows.ts'
import { block, definition, edge, fn, start } from '../../engine/test-helpers.ts'
import { shutdownFunctionPool } from '../../engine/index.ts'
import { createTestService, type TestService } from '../../testing/test-app.ts'
import { deploySample, deployWorkflow, waitForJob } from '../../testing/workflows.ts'

let s: TestService
const ids: Record<string, string> = {}

const execute = (
  workflowId: string,
  payload?: unknown,
  options: { key?: string | null; headers?: Record<string, string> } = {},
) =>
  s.call(options.key === undefined ? s.keys.personal : options.key, {
    method: 'POST',
    url: `/api/workflows/${workflowId}/execute`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: options.headers ?? {},
  })

const echo = definition([start(), fn('echo', 'return <start.input>')], [edge('start', 'echo')])

beforeAll(async () => {
  s = await createTestService()
  for (const name of ['greeting', 'branching', 'fails-on-purpose', 'slow-job', 'approval']) {
    ids[name] = await deploySample(s, name)
  }
  ids.echo = await deployWorkflow(s, echo, { name: 'echo' })
}, 30_000)

afterAll(async () => {
  await s.close()
  await shutdownFunctionPool()
})

describe('sync execution', () => {
  it('answers 200 with the result, its headers, and metadata in ms', async () => {
    const res = await execute(ids.branching!, { number: 42 })
    expect(res.statusCode).toBe(200)
    const body = ExecutionResultSchema.parse(res.json())
    expect(body).toMatchObject({
      success: true,
      status: 'success',
      output: { result: '42 is bigger than 10' },
    })
    expect(res.headers['x-service-response-type']).toBe('execution')
    expect(res.headers['x-execution-id']).toBe(body.executionId)
    expect(body.metadata.startTime).toMatch(/T\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(body.metadata.endTime).toMatch(/T\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(Number.isInteger(body.metadata.duration)).toBe(true)
    expect(body.metadata.duration).toBe(
      Date.parse(body.metadata.endTime) - Date.parse(body.metadata.startTime),
    )
    // Execution responses carry no rate limit or usage information (spec, Execute rules).
    expect(Object.keys(res.headers).filter((h) => h.startsWith('x-ratelimit'))).toEqual([])
    expect(body).not.toHaveProperty('limits')
  })

  it('reaches the workflow the same way with or without the input wrapper', async () => {
    const fields = { a: 1, b: 'two', async: true, nested: { c: [3] } }
    const flat = await execute(ids.echo!, fields)
    const wrapped = await execute(ids.echo!, { input: fields })
    expect(flat.json().output.result).toEqual(fields)
    expect(wrapped.json().output.result).toEqual(fields)
    for (const value of ['hello', 7, [1, 2], { deep: true }]) {
      const res = await execute(ids.echo!, { input: value })
      expect(res.json().output.result).toEqual(value)
    }
  })

  it('never passes execution controls to the workflow', async () => {
    const res = await execute(ids.echo!, {
      a: 1,
      stream: false,
      selectedOutputs: ['echo.result'],
      useDraftState: false,
      includeFileBase64: true,
      base64MaxBytes: 10,
      stopAfterBlockId: 'echo',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().output.result).toEqual({ a: 1 })
  })

  it('answers with a Response block’s own status, headers and body', async () => {
    const res = await execute(ids.greeting!, { name: 'Ada' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ greeting: 'Hello, Ada!' })
    expect(res.headers['x-service-response-type']).toBe('response')
    expect(res.headers['x-execution-id']).toMatch(/^[0-9a-f-]{36}$/)

    const custom = definition(
      [
        start([{ name: 'who', type: 'string' }]),
        block('reply', 'response', {
          data: { created: '<start.who>' },
          status: 201,
          headers: [
            { cells: { Key: 'X-Custom', Value: 'yes' } },
            { key: 'X-Execution-Id', value: 'spoof' },
          ],
        }),
      ],
      [edge('start', 'reply')],
    )
    const id = await deployWorkflow(s, custom, { name: 'custom reply' })
    const created = await execute(id, { who: 'Grace' })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toEqual({ created: 'Grace' })
    expect(created.headers['x-custom']).toBe('yes')
    expect(created.headers['x-execution-id']).not.toBe('spoof')

    const text = definition(
      [
        start(),
        block('reply', 'response', {
          data: 'plain words',
          headers: { 'Content-Type': 'text/plain' },
        }),
      ],
      [edge('start', 'reply')],
    )
    const textId = await deployWorkflow(s, text, { name: 'text reply' })
    const plain = await execute(textId, {})
    expect(plain.headers['content-type']).toMatch(/^text\/plain/)
    expect(plain.body).toBe('plain words')
  })

  it('answers a failed run with 500, success false and the error', async () => {
    const res = await execute(ids['fails-on-purpose']!, { reason: 'testing' })
    expect(res.statusCode).toBe(500)
    const body = ExecutionResultSchema.parse(res.json())
    expect(body).toMatchObject({
      success: false,
      status: 'failed',
      error: 'This workflow fails on purpose: testing',
    })
    expect(res.headers['x-service-response-type']).toBe('execution')
  })

  it('reports a pause with status paused and what to resume it with', async () => {
    const res = await execute(ids.approval!, { request: 'a bike' })
    expect(res.statusCode).toBe(200)
    const body = ExecutionResultSchema.parse(res.json())
    expect(body).toMatchObject({
      success: true,
      status: 'paused',
      output: {
        status: 'paused',
        blockId: 'approval',
        contextId: expect.any(String),
        prompt: 'Approve the request for a bike?',
        inputFormat: [
          { name: 'approved', type: 'boolean' },
          { name: 'comment', type: 'string' },
        ],
      },
    })
  })

  it('stops after stopAfterBlockId and refuses an unknown block id', async () => {
    const chain = definition(
      [start(), fn('first', 'return "first"'), fn('second', 'return "second"')],
      [edge('start', 'first'), edge('first', 'second')],
    )
    const id = await deployWorkflow(s, chain, { name: 'chain' })
    const stopped = await execute(id, { stopAfterBlockId: 'first' })
    expect(stopped.json()).toMatchObject({ success: true, output: { result: 'first' } })
    const full = await execute(id, {})
    expect(full.json().output.result).toBe('second')
    const unknown = await execute(id, { stopAfterBlockId: 'ghost' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error).toMatch(/ghost/)
  })

  it('runs the deployed snapshot, or the draft with useDraftState', async () => {
    const v1 = definition([start(), fn('version', 'return "v1"')], [edge('start', 'version')])
    const id = await deployWorkflow(s, v1, { name: 'versions' })
    const v2 = definition([start(), fn('version', 'return "v2"')], [edge('start', 'version')])
    // The draft changes after deployment (the editor's job; no API route edits a definition).
    s.app.ctx.store.db.raw
      .prepare('UPDATE workflows SET definition = ? WHERE id = ?')
      .run(JSON.stringify(v2), id)
    expect((await execute(id, {})).json().output.result).toBe('v1')
    expect((await execute(id, { useDraftState: true })).json().output.result).toBe('v2')
    expect((await execute(id, { useDraftState: false })).json().output.result).toBe('v1')
    // A redeploy is what runs next, although the snapshot before it was run (and cached).
    const redeployed = await s.call(s.keys.personal, {
      method: 'POST',
      url: `/api/v1/workflows/${id}/deploy`,
      payload: { workspaceId: s.workspace.id },
    })
    expect(redeployed.statusCode, redeployed.body).toBe(200)
    expect((await execute(id, {})).json().output.result).toBe('v2')
  })

  it('validates selectedOutputs against the workflow: 400 INVALID_SELECTED_OUTPUT', async () => {
    for (const entry of ['nope.result', 'greet.nofield', 'greet']) {
      const res = await execute(ids.greeting!, { selectedOutputs: [entry] })
      expect(res.statusCode, entry).toBe(400)
      const body = ErrorBodySchema.parse(res.json())
      expect(body.code).toBe('INVALID_SELECTED_OUTPUT')
      expect(body.error).toContain(entry)
      expect(body.details).toHaveLength(1)
    }
    const fine = await execute(ids.greeting!, { selectedOutputs: ['greet.result'], name: 'Z' })
    expect(fine.statusCode).toBe(200)
    expect(fine.json()).toEqual({ greeting: 'Hello, Z!' })
  })

  it('takes file inputs as data URLs and urls, with base64 on request', async () => {
    const files = definition(
      [start([{ name: 'docs', type: 'file[]' }]), fn('show', 'return <start.docs>')],
      [edge('start', 'show')],
    )
    const id = await deployWorkflow(s, files, { name: 'files' })
    const text = {
      type: 'file',
      name: 'a.txt',
      mime: 'text/plain',
      data: 'data:text/plain;base64,aGVsbG8=',
    }
    const link = {
      type: 'url',
      name: 'b.pdf',
      mime: 'application/pdf',
      data: 'https://example.com/b.pdf',
    }

    const plain = await execute(id, { docs: [text, link] })
    expect(plain.statusCode, plain.body).toBe(200)
    expect(plain.json().output.result).toEqual([
      { name: 'a.txt', mime: 'text/plain', size: 5, type: 'file' },
      { name: 'b.pdf', mime: 'application/pdf', type: 'url', url: 'https://example.com/b.pdf' },
    ])
    const withBase64 = await execute(id, { docs: [text], includeFileBase64: true })
    expect(withBase64.json().output.result[0].base64).toBe('aGVsbG8=')
    const capped = await execute(id, { docs: text, includeFileBase64: true, base64MaxBytes: 4 })
    expect(capped.json().output.result[0]).not.toHaveProperty('base64')

    const bad = await execute(id, { input: { docs: [{ ...text, data: 'not a data url' }] } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details[0].path).toEqual(['docs', '0', 'data'])
    const ftp = await execute(id, { docs: [{ ...link, data: 'ftp://example.com/x' }] })
    expect(ftp.statusCode).toBe(400)
    expect(ftp.json().error).toMatch(/^docs\.0\.data: /)
  })

  it('answers 202 pending once the sync wait limit passes; the run goes on', async () => {
    const quick = await createTestService({ execution: { syncWaitMs: 50 } })
    try {
      const id = await deploySample(quick, 'slow-job')
      const res = await quick.call(quick.keys.personal, {
        method: 'POST',
        url: `/api/workflows/${id}/execute`,
        payload: { seconds: 0.3 },
      })
      expect(res.statusCode).toBe(202)
      const receipt = PendingReceiptSchema.parse(res.json())
      expect(receipt.statusUrl).toBe(`http://localhost:80/api/jobs/${receipt.executionId}`)
      expect(res.headers['x-execution-id']).toBe(receipt.executionId)
      const job = await waitForJob(quick, receipt.executionId)
      expect(job).toMatchObject({ status: 'completed', output: { result: { done: true } } })
    } finally {
      await quick.close()
    }
  })

  it('honours Prefer: wait=N for a shorter wait (a client with its own timeout)', async () => {
    const res = await execute(ids['slow-job']!, { seconds: 0.3 }, { headers: { prefer: 'wait=0' } })
    expect(res.statusCode).toBe(202)
    const receipt = PendingReceiptSchema.parse(res.json())
    expect((await waitForJob(s, receipt.executionId)).status).toBe('completed')
  })

  it('counts every run in the workflow’s runCount and lastRunAt', async () => {
    const detail = async () =>
      WorkflowDetailResponseSchema.parse(
        (
          await s.call(s.keys.personal, {
            method: 'GET',
            url: `/api/v1/workflows/${ids.branching}?workspaceId=${s.workspace.id}`,
          })
        ).json(),
      ).data
    const before = await detail()
    await execute(ids.branching!, { number: 1 })
    await execute(ids.branching!, { number: 2 }, { headers: { 'x-execution-mode': 'async' } })
    const after = await detail()
    expect(after.runCount).toBe(before.runCount + 2)
    expect(after.lastRunAt).not.toBeNull()
  })
})

describe('async execution', () => {
  it('answers 202 with the receipt; the job id is the execution id; the job completes', async () => {
    const res = await execute(
      ids.branching!,
      { number: 11 },
      { headers: { 'x-execution-mode': 'async' } },
    )
    expect(res.statusCode).toBe(202)
    const receipt = AsyncReceiptSchema.parse(res.json())
    expect(receipt.jobId).toBe(receipt.executionId)
    expect(new URL(receipt.statusUrl).pathname).toBe(`/api/jobs/${receipt.jobId}`)
    expect(receipt.statusUrl).toMatch(/^http:\/\/localhost:80\//)
    const job = await waitForJob(s, receipt.jobId)
    expect(job).toMatchObject({
      success: true,
      taskId: receipt.jobId,
      status: 'completed',
      output: { result: '11 is bigger than 10' },
    })
    // The hosted job id form names the same job.
    const prefixed = await waitForJob(s, `workflow-execution:${receipt.jobId}`)
    expect(prefixed).toMatchObject({
      status: 'completed',
      taskId: `workflow-execution:${receipt.jobId}`,
    })
  })

  it('refuses each sync-only control with 400 and runs nothing', async () => {
    const before = s.app.ctx.store.db.raw.prepare('SELECT COUNT(*) AS n FROM executions').get()!.n
    for (const control of [
      { useDraftState: false },
      { selectedOutputs: ['greet.result'] },
      { stopAfterBlockId: 'greet' },
      { includeFileBase64: true },
      { base64MaxBytes: 100 },
    ]) {
      const res = await execute(ids.greeting!, control, {
        headers: { 'x-execution-mode': 'async' },
      })
      expect(res.statusCode, JSON.stringify(control)).toBe(400)
      const body = ErrorBodySchema.parse(res.json())
      expect(body.error).toContain(Object.keys(control)[0]!)
      expect(body.error).toMatch(/async/)
    }
    const after = s.app.ctx.store.db.raw.prepare('SELECT COUNT(*) AS n FROM executions').get()!.n
    expect(after).toBe(before)
  })

  it('takes a body field named async as plain input, not as the mode', async () => {
    const res = await execute(ids.echo!, { async: true, x: 1 })
    expect(res.statusCode).toBe(200)
    expect(res.json().output.result).toEqual({ async: true, x: 1 })
  })
})

describe('execution errors', () => {
  it('401 without a key or with an unknown key', async () => {
    const none = await execute(ids.greeting!, {}, { key: null })
    expect(none.statusCode).toBe(401)
    expect(none.json()).toEqual({ error: 'API key required' })
    const bogus = await execute(ids.greeting!, {}, { key: 'sk-service-nope' })
    expect(bogus.statusCode).toBe(401)
    expect(bogus.json()).toEqual({ error: 'Invalid API key' })
  })

  it('404 for an unknown workflow and for one the key owner cannot see', async () => {
    const unknown = await execute('00000000-0000-4000-8000-000000000000', {})
    expect(unknown.statusCode).toBe(404)
    const stranger = s.createUser('Stranger')
    const key = s.createKey({ type: 'personal', name: 'stranger' }, stranger)
    const hidden = await execute(ids.greeting!, {}, { key })
    expect(hidden.statusCode).toBe(404)
    expect(hidden.json()).toEqual({ error: 'Workflow not found' })
  })

  it('403 when not deployed, for a read-only key, and outside a key’s workspace', async () => {
    const draft = await deployWorkflow(s, echo, { name: 'never deployed', deploy: false })
    const undeployed = await execute(draft, {})
    expect(undeployed.statusCode).toBe(403)
    expect(undeployed.json()).toEqual({ error: 'Workflow is not deployed' })
    const withDraft = await execute(draft, { useDraftState: true })
    expect(withDraft.statusCode).toBe(403)

    const readOnly = await execute(ids.greeting!, {}, { key: s.keys.organizationRead })
    expect(readOnly.statusCode).toBe(403)
    expect(readOnly.json().error).toMatch(/write/)

    const otherWs = s.createKey({
      type: 'workspace',
      name: 'other ws',
      workspaceId: s.otherWorkspace.id,
    })
    const outside = await execute(ids.greeting!, {}, { key: otherWs })
    expect(outside.statusCode).toBe(403)

    const writer = await execute(ids.greeting!, { name: 'W' }, { key: s.keys.organizationWrite })
    expect(writer.statusCode).toBe(200)
  })

  it('409 when the workflow call chain is a cycle', async () => {
    const loopId = await deployWorkflow(s, echo, { name: 'loop' })
    const loop = definition(
      [start(), block('again', 'workflow', { workflowId: loopId, input: {} })],
      [edge('start', 'again')],
    )
    s.app.ctx.store.db.raw
      .prepare('UPDATE workflows SET definition = ?, deployed_definition = ? WHERE id = ?')
      .run(JSON.stringify(loop), JSON.stringify(loop), loopId)
    const res = await execute(loopId, {})
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toMatch(/cycle/)
    const executionId = res.headers['x-execution-id'] as string
    const job = await waitForJob(s, executionId)
    expect(job).toMatchObject({ status: 'failed', error: expect.stringMatching(/cycle/) })
  })

  it('400 for controls of the wrong type, with zod issues as details', async () => {
    const res = await execute(ids.greeting!, { stream: 'yes', base64MaxBytes: -1 })
    expect(res.statusCode).toBe(400)
    const body = ErrorBodySchema.parse(res.json())
    expect(body.details?.length).toBe(2)
    const badJson = await s.call(s.keys.personal, {
      method: 'POST',
      url: `/api/workflows/${ids.greeting}/execute`,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    })
    expect(badJson.statusCode).toBe(400)
    expect(badJson.json()).toEqual({ error: 'Request body must be valid JSON' })
  })

  it('runs with no body at all (every input takes its default)', async () => {
    const res = await s.call(s.keys.personal, {
      method: 'POST',
      url: `/api/workflows/${ids.greeting}/execute`,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ greeting: 'Hello, World!' })
  })
})
