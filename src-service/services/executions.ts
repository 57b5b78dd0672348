// Execute, resume and cancel as domain operations: which definition runs, which requests are
// refused before anything runs (not deployed, bad controls, unknown selected outputs, bad file
// inputs), admission through the execution gate, and the answers' bodies. No HTTP here.
import {
  ASYNC_FORBIDDEN_CONTROLS,
  FileInputSchema,
  type ExecutionControls,
} from '../../src-shared/api/execution.ts'
import { SERVICE_ERROR_CODES } from '../../src-shared/api/common.ts'
import type { Caller, WorkspaceAccess } from '../auth/access.ts'
import {
  describeInputs,
  parseDefinition,
  validateSelectedOutputs,
  type Definition,
  type RunOutcome,
} from '../engine/index.ts'
import { markParsed, type Executor } from '../jobs/executor.ts'
import type { ExecutionMode, ExecutionRecord, RunOptions } from '../store/executions-repo.ts'
import { deployedDefinitionText, type WorkflowRecord } from '../store/workflows-repo.ts'
import type { ServiceContext } from './context.ts'
import { ServiceError, forbidden, invalid, notFound } from './errors.ts'
import type { AdmissionTicket } from './execution-gate.ts'

export interface ExecuteInput {
  caller: Caller
  access: WorkspaceAccess
  workflow: WorkflowRecord
  mode: ExecutionMode
  controls: ExecutionControls
  input: unknown
}

export interface Admitted {
  record: ExecutionRecord
  ticket: AdmissionTicket
}

export const NOT_DEPLOYED = 'Workflow is not deployed'

/**
 * Checks an execute request and admits it: the gate (429/402) is asked last, after everything
 * that can be refused for free, and the run is recorded before anything runs.
 */
export async function admitExecution(
  ctx: ServiceContext,
  executor: Executor,
  req: ExecuteInput,
): Promise<Admitted> {
  const { workflow, controls } = req
  if (!workflow.isDeployed) throw forbidden(NOT_DEPLOYED)
  if (req.mode === 'async') {
    const present = ASYNC_FORBIDDEN_CONTROLS.filter((key) => controls[key] !== undefined)
    if (present.length > 0) {
      throw invalid(
        `${present.join(', ')} cannot be used with X-Execution-Mode: async`,
        present.map((key) => ({
          code: 'custom',
          path: [key],
          message: `${key} is not allowed for async executions`,
        })),
      )
    }
  }
  const definition = runnableDefinition(workflow, controls.useDraftState === true)
  checkControls(definition, controls)
  checkFileInputs(definition, req.input)

  const ticket = ctx.gate.admit({
    caller: req.caller,
    workspace: req.access.workspace,
    workflowId: workflow.id,
    mode: req.mode,
  })
  try {
    // Committed (with its log row) before anything runs or any answer goes out.
    const { executions, workflows, writes } = ctx.store
    const record = await writes.run(() => {
      const admitted = executions.admit({
        workflowId: workflow.id,
        workspaceId: workflow.workspaceId,
        mode: req.mode,
        callerUserId: req.caller.user.id,
        keyId: req.caller.key.id,
        billedUserId: ticket.billedUserId,
        definition,
        input: req.input,
        options: runOptions(controls),
        maxAttempts: executor.maxAttempts,
      })
      workflows.recordRun(workflow.id, admitted.createdAt)
      return admitted
    })
    // A queued async job no longer holds this request's admission slot (the gate caps work
    // in flight for requests); its usage is still settled when the job ends.
    if (req.mode === 'async') ticket.release?.()
    return { record, ticket }
  } catch (error) {
    ticket.settle({ executionId: '', status: 'failed', durationMs: 0, blocksExecuted: 0 })
    throw error
  }
}

/**
 * Deployed definitions already parsed and validated, by workflow id, with the stored text they
 * came from: a snapshot is parsed once, not on every execute. The engine never changes a
 * definition, so runs can share one. A redeploy changes the text and replaces the entry.
 */
const deployedCache = new Map<string, { text: string; definition: Definition }>()
const DEPLOYED_CACHE_MAX = 500

/** The deployed snapshot, or the editable draft with useDraftState. */
function runnableDefinition(workflow: WorkflowRecord, draft: boolean): Definition {
  const text = draft ? undefined : deployedDefinitionText(workflow)
  if (text !== undefined) {
    const cached = deployedCache.get(workflow.id)
    if (cached?.text === text) return cached.definition
  }
  const raw = draft ? workflow.definition : workflow.deployedDefinition
  const parsed = parseDefinition(raw)
  if (!parsed.ok) throw invalid(`The workflow cannot run: ${parsed.error}`)
  const definition = markParsed(parsed.definition)
  if (text !== undefined) {
    deployedCache.delete(workflow.id)
    if (deployedCache.size >= DEPLOYED_CACHE_MAX) {
      deployedCache.delete(deployedCache.keys().next().value as string)
    }
    deployedCache.set(workflow.id, { text, definition })
  }
  return definition
}

function checkControls(definition: Definition, controls: ExecutionControls): void {
  if (controls.selectedOutputs) {
    const bad = validateSelectedOutputs(definition, controls.selectedOutputs)
    if (bad.length > 0) {
      throw invalid(
        bad[0]!.message,
        bad.map((b) => ({ entry: b.entry, message: b.message })),
        SERVICE_ERROR_CODES.invalidSelectedOutput,
      )
    }
  }
  const stop = controls.stopAfterBlockId
  if (stop !== undefined && !Object.hasOwn(definition.blocks, stop)) {
    throw invalid(`stopAfterBlockId: no block has the id "${stop}"`, [
      { code: 'custom', path: ['stopAfterBlockId'], message: `No block has the id "${stop}"` },
    ])
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

const FILE_TYPES = new Set(['file', 'file[]', 'files'])

/** File fields of the Start block must hold `{type, data, name, mime}` values (spec). */
function checkFileInputs(definition: Definition, input: unknown): void {
  if (!isRecord(input)) return
  const details: unknown[] = []
  for (const field of describeInputs(definition)) {
    if (!FILE_TYPES.has(field.type.toLowerCase())) continue
    const nested = isRecord(input.input) && Object.hasOwn(input.input, field.name)
    const value = nested
      ? (input.input as Record<string, unknown>)[field.name]
      : Object.hasOwn(input, field.name)
        ? input[field.name]
        : undefined
    if (value === undefined || value === null) continue
    const files = Array.isArray(value) ? value : [value]
    files.forEach((file, i) => {
      const parsed = FileInputSchema.safeParse(file)
      if (parsed.success) return
      for (const issue of parsed.error.issues) {
        details.push({
          ...issue,
          path: [...(nested ? ['input'] : []), field.name, String(i), ...issue.path.map(String)],
        })
      }
    })
  }
  if (details.length > 0) {
    const first = details[0] as { path: string[]; message: string }
    throw invalid(`${first.path.join('.')}: ${first.message}`, details)
  }
}

function runOptions(controls: ExecutionControls): RunOptions {
  return {
    ...(controls.selectedOutputs ? { selectedOutputs: controls.selectedOutputs } : {}),
    ...(controls.stopAfterBlockId ? { stopAfterBlockId: controls.stopAfterBlockId } : {}),
    ...(controls.includeFileBase64 !== undefined
      ? { includeFileBase64: controls.includeFileBase64 }
      : {}),
    ...(controls.base64MaxBytes !== undefined ? { base64MaxBytes: controls.base64MaxBytes } : {}),
    ...(controls.useDraftState !== undefined ? { useDraftState: controls.useDraftState } : {}),
  }
}

export interface ResumeInput {
  caller: Caller
  access: WorkspaceAccess
  workflow: WorkflowRecord
  executionId: string
  contextId: string
  input: unknown
}

/**
 * Moves a paused run on with the human's answer. The continuation is admitted like a new
 * request (a pause settled the first segment) and keeps the run's original mode.
 */
export function admitResume(ctx: ServiceContext, req: ResumeInput): Admitted {
  const { executions } = ctx.store
  const record = executions.get(req.executionId)
  if (!record || record.workflowId !== req.workflow.id) throw notFound('Execution')
  if (record.status !== 'paused') {
    throw new ServiceError('conflict', `This run is not paused (it is ${record.status})`)
  }
  if (record.contextId !== req.contextId) throw notFound('Pause')
  const ticket = ctx.gate.admit({
    caller: req.caller,
    workspace: req.access.workspace,
    workflowId: record.workflowId,
    mode: record.mode,
  })
  if (!executions.resume(record.id, req.contextId, req.input, record.mode === 'async')) {
    ticket.settle({ executionId: record.id, status: 'cancelled', durationMs: 0, blocksExecuted: 0 })
    throw new ServiceError('conflict', 'This run was resumed already')
  }
  return { record: executions.get(record.id) as ExecutionRecord, ticket }
}

/** Cancels a run of `workflow`; `success` false when it had already ended. */
export function cancelExecution(
  ctx: ServiceContext,
  executor: Executor,
  workflow: WorkflowRecord,
  executionId: string,
): { success: boolean; executionId: string } {
  const record = ctx.store.executions.getStatusView(executionId)
  if (!record || record.workflowId !== workflow.id) throw notFound('Execution')
  return { success: executor.cancel(executionId) !== 'not-running', executionId }
}

// ---- Answers ----

/** The sync result body (spec, Execution result): HTTP 200 on success or pause, 500 otherwise. */
export function executionResult(executionId: string, outcome: RunOutcome) {
  const success = outcome.status === 'success' || outcome.status === 'paused'
  return {
    httpStatus: success ? 200 : 500,
    body: {
      success,
      executionId,
      output: success ? outputOf(outcome) : {},
      metadata: {
        startTime: outcome.startTime,
        endTime: outcome.endTime,
        duration: Math.max(0, Math.round(outcome.durationMs)),
      },
      status: outcome.status,
      ...(success ? {} : { error: outcome.error ?? `The workflow run ${outcome.status}` }),
    },
  }
}

function outputOf(outcome: RunOutcome): unknown {
  if (outcome.status !== 'paused') return outcome.output
  const fields = outcome.pause?.inputFormat
  return fields ? { ...(outcome.output as object), inputFormat: fields } : outcome.output
}

export const RESULT_UNAVAILABLE =
  'The run was admitted but its result could not be recovered. Poll statusUrl; do not resubmit.'
