import { describe, expect, it } from 'vitest'
import {
  ASYNC_FORBIDDEN_CONTROLS,
  AsyncReceiptSchema,
  CancelResponseSchema,
  EXECUTION_CONTROL_KEYS,
  ExecuteAcceptedSchema,
  ExecuteBodySchema,
  ExecutionResultSchema,
  FileInputSchema,
  JobStatusSchema,
  PendingReceiptSchema,
  ResumeBodySchema,
  STREAM_DONE,
  StreamFrameSchema,
  executionIdOfJob,
  isFinishedJobState,
  isTerminalFrame,
  jobIdFor,
  parseStreamData,
  splitExecuteBody,
} from './execution.ts'
import { T0, T1, firstIssue } from './test-fixtures.ts'

describe('execute body', () => {
  it('takes the input as the body minus the controls', () => {
    const body = {
      name: 'Ada',
      stream: true,
      selectedOutputs: ['agent1.content'],
      useDraftState: false,
      includeFileBase64: true,
      base64MaxBytes: 1024,
      stopAfterBlockId: 'agent',
      async: true,
    }
    expect(splitExecuteBody(body)).toEqual({
      controls: {
        stream: true,
        selectedOutputs: ['agent1.content'],
        useDraftState: false,
        includeFileBase64: true,
        base64MaxBytes: 1024,
        stopAfterBlockId: 'agent',
      },
      // `async` in the body is plain input: only the header chooses async mode.
      input: { name: 'Ada', async: true },
    })
  })

  it('unwraps a lone input of any JSON type', () => {
    for (const value of ['hello', 42, [1, 2], { name: 'Ada' }, null]) {
      expect(splitExecuteBody({ input: value }).input).toEqual(value)
      expect(splitExecuteBody({ input: value, stream: true }).input).toEqual(value)
    }
  })

  it('keeps input as a field when other input fields sit beside it', () => {
    expect(splitExecuteBody({ input: 'x', name: 'Ada' }).input).toEqual({ input: 'x', name: 'Ada' })
    expect(splitExecuteBody({}).input).toEqual({})
    expect(splitExecuteBody({ stream: false }).input).toEqual({})
  })

  it('validates controls at their top-level paths', () => {
    expect(firstIssue(ExecuteBodySchema.safeParse({ stream: 'yes' })).path).toBe('stream')
    expect(
      firstIssue(ExecuteBodySchema.safeParse({ selectedOutputs: 'agent1.content' })).path,
    ).toBe('selectedOutputs')
    expect(firstIssue(ExecuteBodySchema.safeParse({ base64MaxBytes: 0 })).path).toBe(
      'base64MaxBytes',
    )
    expect(firstIssue(ExecuteBodySchema.safeParse({ base64MaxBytes: 1.5 })).path).toBe(
      'base64MaxBytes',
    )
    expect(ExecuteBodySchema.safeParse({ useDraftState: 'true' }).success).toBe(false)
    expect(ExecuteBodySchema.safeParse({ stopAfterBlockId: '' }).success).toBe(false)
    expect(ExecuteBodySchema.safeParse(['not', 'an', 'object']).success).toBe(false)
  })

  it('parses into controls and input; a missing body is empty input', () => {
    expect(ExecuteBodySchema.parse({ input: { q: 'hi' }, stream: true })).toEqual({
      controls: { stream: true },
      input: { q: 'hi' },
    })
    expect(ExecuteBodySchema.parse(undefined)).toEqual({ controls: {}, input: {} })
    expect(ExecuteBodySchema.parse(null)).toEqual({ controls: {}, input: {} })
  })

  it('lists the async-forbidden controls as every control but stream', () => {
    expect([...ASYNC_FORBIDDEN_CONTROLS].sort()).toEqual(
      EXECUTION_CONTROL_KEYS.filter((k) => k !== 'stream').sort(),
    )
  })
})

describe('file input', () => {
  const file = {
    type: 'file',
    data: 'data:text/plain;base64,SGVsbG8=',
    name: 'hello.txt',
    mime: 'text/plain',
  }

  it('accepts a base64 data URL file and an http(s) URL', () => {
    expect(FileInputSchema.parse(file)).toEqual(file)
    const url = {
      type: 'url',
      data: 'https://example.com/a.pdf',
      name: 'a.pdf',
      mime: 'application/pdf',
    }
    expect(FileInputSchema.parse(url)).toEqual(url)
  })

  it('refuses the wrong data for the type', () => {
    expect(firstIssue(FileInputSchema.safeParse({ ...file, data: 'SGVsbG8=' })).message).toBe(
      'Expected a data URL with base64 content',
    )
    expect(FileInputSchema.safeParse({ ...file, data: 'data:text/plain,Hello' }).success).toBe(
      false,
    )
    expect(FileInputSchema.safeParse({ ...file, type: 'url' }).success).toBe(false)
    expect(
      FileInputSchema.safeParse({ ...file, type: 'url', data: 'ftp://example.com/a' }).success,
    ).toBe(false)
    expect(FileInputSchema.safeParse({ ...file, type: 'blob' }).success).toBe(false)
    expect(FileInputSchema.safeParse({ ...file, mime: 'text' }).success).toBe(false)
    expect(FileInputSchema.safeParse({ ...file, name: undefined }).success).toBe(false)
  })
})

describe('execution result and receipts', () => {
  const ok = {
    success: true,
    executionId: 'exec_1',
    output: { greeting: 'Hello, Ada!' },
    metadata: { startTime: T0, endTime: T1, duration: 1250 },
  }

  it('reads a success, with the client-library extras', () => {
    expect(ExecutionResultSchema.parse(ok)).toEqual(ok)
    const full = { ...ok, status: 'success', logs: [], traceSpans: [{}], totalDuration: 1250.5 }
    expect(ExecutionResultSchema.parse(full)).toEqual(full)
  })

  it('reads a failure only when it says why', () => {
    const failed = { ...ok, success: false, status: 'failed', error: 'Boom', output: {} }
    expect(ExecutionResultSchema.safeParse(failed).success).toBe(true)
    const { error: _e, ...silent } = failed
    expect(firstIssue(ExecutionResultSchema.safeParse(silent)).path).toBe('error')
  })

  it('refuses a missing output on success, bad durations and unknown statuses', () => {
    const { output: _o, ...noOutput } = ok
    expect(firstIssue(ExecutionResultSchema.safeParse(noOutput)).path).toBe('output')
    const fractional = { ...ok, metadata: { ...ok.metadata, duration: 1.5 } }
    expect(ExecutionResultSchema.safeParse(fractional).success).toBe(false)
    expect(ExecutionResultSchema.safeParse({ ...ok, status: 'done' }).success).toBe(false)
    expect(ExecutionResultSchema.safeParse({ ...ok, metadata: { startTime: T0 } }).success).toBe(
      false,
    )
  })

  it('reads the async and the pending receipts', () => {
    const receipt = {
      success: true,
      async: true,
      jobId: 'exec_1',
      executionId: 'exec_1',
      message: 'Workflow execution queued',
      statusUrl: 'http://127.0.0.1:4000/api/jobs/exec_1',
    }
    expect(AsyncReceiptSchema.parse(receipt)).toEqual(receipt)
    expect(
      AsyncReceiptSchema.safeParse({ ...receipt, statusUrl: '/api/jobs/exec_1' }).success,
    ).toBe(false)
    expect(AsyncReceiptSchema.safeParse({ ...receipt, async: false }).success).toBe(false)
    const pending = {
      success: true,
      pending: true,
      executionId: 'exec_1',
      statusUrl: receipt.statusUrl,
    }
    expect(PendingReceiptSchema.parse(pending)).toEqual(pending)
    expect(ExecuteAcceptedSchema.parse(pending)).toEqual(pending)
    expect(ExecuteAcceptedSchema.parse(receipt)).toEqual(receipt)
    expect(ExecuteAcceptedSchema.safeParse({ success: true, executionId: 'e' }).success).toBe(false)
  })
})

describe('job status', () => {
  const job = {
    success: true,
    taskId: 'workflow-execution:exec_1',
    status: 'processing',
    metadata: { startTime: T0 },
  }

  it('accepts pending and queued, and every other state', () => {
    for (const status of [
      'pending',
      'queued',
      'processing',
      'completed',
      'failed',
      'cancelled',
      'paused',
    ]) {
      expect(JobStatusSchema.safeParse({ ...job, status }).success, status).toBe(true)
    }
    expect(firstIssue(JobStatusSchema.safeParse({ ...job, status: 'running' })).path).toBe('status')
  })

  it('reads a completed job from run history', () => {
    const done = {
      ...job,
      status: 'completed',
      output: { result: 42 },
      metadata: { startTime: T0, completedAt: T1, duration: 1250, source: 'run-history' },
    }
    expect(JobStatusSchema.parse(done)).toEqual(done)
    expect(
      JobStatusSchema.safeParse({ ...done, metadata: { ...done.metadata, source: 'cache' } })
        .success,
    ).toBe(false)
  })

  it('requires taskId and metadata', () => {
    const { taskId: _t, ...noTask } = job
    expect(JobStatusSchema.safeParse(noTask).success).toBe(false)
    const { metadata: _m, ...noMeta } = job
    expect(JobStatusSchema.safeParse(noMeta).success).toBe(false)
  })

  it('knows the finished states and the job id form', () => {
    expect(['completed', 'failed', 'cancelled'].every((s) => isFinishedJobState(s as never))).toBe(
      true,
    )
    expect(isFinishedJobState('paused')).toBe(false)
    expect(isFinishedJobState('queued')).toBe(false)
    expect(jobIdFor('exec_1')).toBe('workflow-execution:exec_1')
    expect(executionIdOfJob('workflow-execution:exec_1')).toBe('exec_1')
    expect(executionIdOfJob('exec_1')).toBe('exec_1')
  })
})

describe('stream frames', () => {
  it('reads chunk, stream_error, final and error frames', () => {
    const frames = [
      { blockId: 'agent', chunk: 'Hel' },
      { blockId: 'agent', event: 'stream_error', error: 'provider hiccup' },
      { event: 'stream_error', error: 'no block' },
      { event: 'final', data: { success: true, output: { agent: { content: 'Hello' } } } },
      { event: 'error', error: 'Function failed', blockId: 'fn' },
    ]
    for (const frame of frames) expect(StreamFrameSchema.parse(frame)).toEqual(frame)
  })

  it('refuses frames that are none of them', () => {
    for (const bad of [
      { event: 'progress', blockId: 'a' },
      { event: 'final', data: { output: 1 } },
      { event: 'error' },
      { blockId: 'a', chunk: 42 },
      { chunk: 'x' },
    ]) {
      expect(StreamFrameSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    }
  })

  it('reads SSE data lines including the [DONE] sentinel', () => {
    expect(STREAM_DONE).toBe('[DONE]')
    expect(parseStreamData('[DONE]')).toEqual({ kind: 'done' })
    const final = parseStreamData('{"event":"final","data":{"success":true,"output":{}}}')
    expect(final.kind === 'frame' && isTerminalFrame(final.frame)).toBe(true)
    const chunk = parseStreamData('{"blockId":"a","chunk":"x"}')
    expect(chunk.kind === 'frame' && isTerminalFrame(chunk.frame)).toBe(false)
    expect(parseStreamData('{nope').kind).toBe('invalid')
    expect(parseStreamData('{"event":"progress"}').kind).toBe('invalid')
  })
})

describe('cancel and resume', () => {
  it('reads the cancel answer', () => {
    expect(CancelResponseSchema.parse({ success: true, executionId: 'e1' })).toEqual({
      success: true,
      executionId: 'e1',
    })
    expect(CancelResponseSchema.safeParse({ success: true }).success).toBe(false)
  })

  it('resumes with an input, nothing else', () => {
    expect(ResumeBodySchema.parse({ input: { approved: true } })).toEqual({
      input: { approved: true },
    })
    expect(ResumeBodySchema.safeParse({ input: null }).success).toBe(true)
    expect(ResumeBodySchema.safeParse({}).success).toBe(false)
    expect(ResumeBodySchema.safeParse({ input: {}, stream: true }).success).toBe(false)
  })
})
