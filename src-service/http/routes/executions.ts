// Running workflows: execute (sync, async, stream), resume a paused run, cancel a run, and the
// job status of any admitted run. Routes only parse, call the service and answer.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CancelParamsSchema,
  ExecuteBodySchema,
  ExecuteHeadersSchema,
  ExecuteParamsSchema,
  JobParamsSchema,
  ResumeBodySchema,
  ResumeParamsSchema,
} from '../../../src-shared/api/execution.ts'
import { admitExecution, admitResume, cancelExecution } from '../../services/executions.ts'
import { jobStatus } from '../../services/jobs.ts'
import { accessOf, callerOf, workflowOf } from '../auth.ts'
import { answerRun } from '../run-answer.ts'

export interface ExecutionRouteOptions {
  syncWaitMs: number
}

export const executionRoutes: FastifyPluginAsyncZod<ExecutionRouteOptions> = async (
  app,
  { syncWaitMs },
) => {
  const { ctx, executor } = app

  app.post(
    '/api/workflows/:workflowId/execute',
    {
      schema: {
        params: ExecuteParamsSchema,
        headers: ExecuteHeadersSchema,
        body: ExecuteBodySchema,
      },
      config: { auth: { scope: 'workflow-by-id', param: 'workflowId', need: 'write' } },
    },
    async (request, reply) => {
      const { controls, input } = request.body
      // Async is chosen by the header alone; a body field `async` is plain input (API-NOTES).
      const mode =
        request.headers['x-execution-mode'] === 'async'
          ? 'async'
          : controls.stream
            ? 'stream'
            : 'sync'
      const admitted = await admitExecution(ctx, executor, {
        caller: callerOf(request),
        access: accessOf(request),
        workflow: workflowOf(request),
        mode,
        controls,
        input,
      })
      return answerRun(request, reply, admitted, { executor, syncWaitMs })
    },
  )

  app.post(
    '/api/resume/:workflowId/:executionId/:contextId',
    {
      schema: { params: ResumeParamsSchema, body: ResumeBodySchema },
      config: { auth: { scope: 'workflow-by-id', param: 'workflowId', need: 'write' } },
    },
    async (request, reply) => {
      const admitted = admitResume(ctx, {
        caller: callerOf(request),
        access: accessOf(request),
        workflow: workflowOf(request),
        executionId: request.params.executionId,
        contextId: request.params.contextId,
        input: request.body.input,
      })
      return answerRun(request, reply, admitted, {
        executor,
        syncWaitMs,
        resume: { value: request.body.input },
      })
    },
  )

  app.post(
    '/api/workflows/:id/executions/:executionId/cancel',
    {
      schema: { params: CancelParamsSchema },
      config: { auth: { scope: 'workflow-by-id', param: 'id', need: 'write' } },
    },
    async (request) =>
      cancelExecution(ctx, executor, workflowOf(request), request.params.executionId),
  )

  app.get(
    '/api/jobs/:jobId',
    {
      schema: { params: JobParamsSchema },
      config: { auth: { scope: 'execution', param: 'jobId', need: 'read' } },
    },
    async (request) => jobStatus(ctx, request.params.jobId),
  )
}
