// Runs: start in any mode, follow streams, cancel, resume, and hand late runs to the job tracker.
import { endpoints } from '../../src-shared/api/endpoints.ts'
import { interpretExecute, sendExecute } from '../client/execute.ts'
import { httpFailure } from '../client/api-errors.ts'
import type { AreaHandlers, CoreDeps } from './deps.ts'
import { BridgeFailure } from './errors.ts'

export function runsHandlers(deps: CoreDeps): AreaHandlers<'runs'> {
  const { client, tracker, streams } = deps
  return {
    'runs:start': async (input, ctx) => {
      const target = await client.target(input.connectionId)
      const controller = new AbortController()
      const answer = await sendExecute(client.http, target, {
        workflowId: input.workflowId,
        mode: input.mode,
        input: input.input,
        controls: input.controls,
        timeoutMs: input.timeoutMs ?? deps.settings.get().timeoutMs,
        signal: input.mode === 'stream' ? controller.signal : undefined,
      })
      const isStream =
        input.mode === 'stream' &&
        answer.status === 200 &&
        (answer.headers.get('content-type') ?? '').includes('text/event-stream')
      if (isStream) {
        const body = answer.response.body
        if (!body) throw new BridgeFailure('INVALID_RESPONSE', 'The stream arrived without a body.')
        const run = streams.begin(
          {
            connectionId: input.connectionId,
            workflowId: input.workflowId,
            workflowName: input.workflowName,
            executionId: answer.headers.get('x-execution-id'),
          },
          ctx.subscriberId,
          controller,
          body,
        )
        return { kind: 'stream' as const, runId: run.runId }
      }
      if (input.mode === 'stream' && answer.body === undefined) {
        // Not an event stream after all (an error, or a Response block): read it as usual.
        const text = await answer.response.text()
        let body: unknown = text
        try {
          body = JSON.parse(text)
        } catch {
          // keep text
        }
        answer.body = body
        answer.isJson = typeof body !== 'string'
      }
      const outcome = interpretExecute(answer)
      if (outcome.kind === 'job') {
        tracker.track({
          jobId: outcome.jobId,
          executionId: outcome.executionId,
          connectionId: input.connectionId,
          workflowId: input.workflowId,
          workflowName: input.workflowName,
          mode: outcome.reason,
        })
      }
      return outcome
    },
    'runs:subscribe': async ({ runId }, ctx) => ({
      replayed: streams.subscribe(runId, ctx.subscriberId),
    }),
    'runs:unsubscribe': async ({ runId }, ctx) => {
      streams.unsubscribe(runId, ctx.subscriberId)
      return { ok: true as const }
    },
    'runs:cancel': async (input) => {
      const run = input.runId ? streams.get(input.runId) : undefined
      const cancelledStream = input.runId ? streams.abort(input.runId) : false
      const executionId = input.executionId ?? run?.executionId ?? null
      let cancelledOnService = false
      if (executionId) {
        const answer = await client.call(input.connectionId, endpoints.cancelExecution, {
          params: { id: input.workflowId, executionId },
        })
        cancelledOnService = (answer as { success?: unknown } | null)?.success !== false
        const job = tracker.get(executionId)
        if (job) void tracker.refresh(job.jobId)
      }
      return { cancelledStream, cancelledOnService }
    },
    'runs:resume': async (input) => {
      const target = await client.target(input.connectionId)
      const answer = await client.http.send(target, {
        method: 'POST',
        path: `/api/resume/${[input.workflowId, input.executionId, input.contextId].map(encodeURIComponent).join('/')}`,
        body: { input: input.input },
        // Resuming twice would hand the same answer to the run twice: never resend.
        repeat: 'admission',
        timeoutMs: deps.settings.get().timeoutMs,
      })
      if (answer.status >= 400) throw httpFailure(answer.status, answer.body)
      // The run continues in its original mode; a tracked job is polled again at once.
      const job = tracker.list().find((j) => j.executionId === input.executionId)
      if (job) tracker.wake(job.jobId)
      return { jobId: job?.jobId ?? null, result: answer.body }
    },
    'runs:follow': async (input) => {
      const existing = tracker.list().find((j) => j.executionId === input.executionId)
      if (existing) return existing
      return tracker.track({
        jobId: input.executionId,
        executionId: input.executionId,
        connectionId: input.connectionId,
        workflowId: input.workflowId,
        workflowName: input.workflowName,
        mode: 'stream-broken',
      })
    },
  }
}
