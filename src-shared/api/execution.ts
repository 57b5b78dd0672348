// Running a workflow: execute body (controls vs. input), file inputs, results and receipts,
// job status, stream frames, cancel and resume.
import { z } from 'zod'
import { Id, NonNegativeInt, Timestamp } from './common.ts'

// ---- Execution controls ----

/** Body fields the service reads itself and never passes to the workflow (spec, Execute). */
export const ExecutionControlsSchema = z.object({
  stream: z.boolean().optional(),
  /** `blockName.path`, block name lower-cased without spaces. Unknown ones: 400 INVALID_SELECTED_OUTPUT. */
  selectedOutputs: z.array(z.string().min(1)).optional(),
  useDraftState: z.boolean().optional(),
  includeFileBase64: z.boolean().optional(),
  base64MaxBytes: z.int().positive().optional(),
  stopAfterBlockId: z.string().min(1).optional(),
})
export type ExecutionControls = z.infer<typeof ExecutionControlsSchema>

export const EXECUTION_CONTROL_KEYS = [
  'stream',
  'selectedOutputs',
  'useDraftState',
  'includeFileBase64',
  'base64MaxBytes',
  'stopAfterBlockId',
] as const satisfies ReadonlyArray<keyof ExecutionControls>
export type ExecutionControlKey = (typeof EXECUTION_CONTROL_KEYS)[number]

/** With `X-Execution-Mode: async`, any of these in the body is a 400 (spec, Execute rules). */
export const ASYNC_FORBIDDEN_CONTROLS = [
  'useDraftState',
  'selectedOutputs',
  'stopAfterBlockId',
  'includeFileBase64',
  'base64MaxBytes',
] as const satisfies ReadonlyArray<ExecutionControlKey>

const CONTROL_KEYS: ReadonlySet<string> = new Set(EXECUTION_CONTROL_KEYS)

/**
 * Splits an execute body (API-NOTES, "Execute input"): the workflow input is the whole body
 * minus the controls, and a lone remaining `input` key is unwrapped (so `{input: "hi"}` runs
 * with `"hi"`). `async` and every other field are plain input. Controls come back unchecked;
 * ExecuteBodySchema is the checked form.
 */
export function splitExecuteBody(body: Record<string, unknown>): {
  controls: Partial<Record<ExecutionControlKey, unknown>>
  input: unknown
} {
  const controls: Partial<Record<ExecutionControlKey, unknown>> = {}
  const rest: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(body)) {
    if (CONTROL_KEYS.has(key)) {
      if (value !== undefined) controls[key as ExecutionControlKey] = value
    } else {
      rest[key] = value
    }
  }
  const restKeys = Object.keys(rest)
  const input = restKeys.length === 1 && restKeys[0] === 'input' ? rest.input : rest
  return { controls, input }
}

/**
 * Validates the controls in place (issue paths stay top-level) and splits off the input. A
 * missing body (undefined, or null as HTTP servers hand over an empty one) is empty input.
 */
export const ExecuteBodySchema = z
  .looseObject(ExecutionControlsSchema.shape)
  .nullish()
  .transform((body) => {
    const { controls, input } = splitExecuteBody(body ?? {})
    return { controls: controls as ExecutionControls, input }
  })
export type ExecuteBody = z.infer<typeof ExecuteBodySchema>

/**
 * Header values as Fastify hands them over (lower-cased names). Loose: a validated headers
 * object replaces the request's, and X-API-Key must survive that.
 */
export const ExecuteHeadersSchema = z.looseObject({
  'x-execution-mode': z.enum(['async', 'sync']).optional(),
  'x-service-stream-version': z.literal('2').optional(),
})

export const ExecuteParamsSchema = z.object({ workflowId: Id })

// ---- File input (a value inside the workflow input) ----

const DATA_URL_BASE64 = /^data:[^,;]*(;[^,;]+)*;base64,[A-Za-z0-9+/]*={0,2}$/
const MIME = /^[\w.+-]+\/[\w.+-]+$/

export const FileInputSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('file'),
    data: z.string().regex(DATA_URL_BASE64, 'Expected a data URL with base64 content'),
    name: z.string().min(1),
    mime: z.string().regex(MIME, 'Expected a MIME type like text/plain'),
  }),
  z.strictObject({
    type: z.literal('url'),
    data: z.url({ protocol: /^https?$/, error: 'Expected an http(s) URL' }),
    name: z.string().min(1),
    mime: z.string().regex(MIME, 'Expected a MIME type like text/plain'),
  }),
])
export type FileInput = z.infer<typeof FileInputSchema>

// ---- Results and receipts ----

export const EXECUTION_STATUSES = ['success', 'failed', 'cancelled', 'paused'] as const
export const ExecutionStatusSchema = z.enum(EXECUTION_STATUSES)
export type ExecutionStatus = z.infer<typeof ExecutionStatusSchema>

/** HTTP 200 (success) and HTTP 500 (failed run, `success` false with `error`). */
export const ExecutionResultSchema = z
  .object({
    success: z.boolean(),
    executionId: Id,
    output: z.unknown().optional(),
    metadata: z.object({
      startTime: Timestamp,
      endTime: Timestamp,
      duration: NonNegativeInt,
    }),
    status: ExecutionStatusSchema.optional(),
    error: z.string().optional(),
    logs: z.array(z.unknown()).optional(),
    traceSpans: z.array(z.unknown()).optional(),
    totalDuration: z.number().optional(),
  })
  .superRefine((r, ctx) => {
    if (r.success && r.output === undefined) {
      ctx.addIssue({ code: 'custom', path: ['output'], message: 'A successful run has output' })
    }
    if (!r.success && r.error === undefined) {
      ctx.addIssue({ code: 'custom', path: ['error'], message: 'A failed run says why in error' })
    }
  })
export type ExecutionResult = z.infer<typeof ExecutionResultSchema>

/** HTTP 202 for `X-Execution-Mode: async`. `jobId` equals the execution id (spec). */
export const AsyncReceiptSchema = z.object({
  success: z.literal(true),
  async: z.literal(true),
  jobId: Id,
  executionId: Id,
  message: z.string(),
  statusUrl: z.url(),
})
export type AsyncReceipt = z.infer<typeof AsyncReceiptSchema>

/** HTTP 202 for a sync run admitted but late: poll `statusUrl`, resending starts a second run. */
export const PendingReceiptSchema = z.object({
  success: z.literal(true),
  pending: z.literal(true),
  executionId: Id,
  statusUrl: z.url(),
})
export type PendingReceipt = z.infer<typeof PendingReceiptSchema>

export const ExecuteAcceptedSchema = z.union([AsyncReceiptSchema, PendingReceiptSchema])
export type ExecuteAccepted = z.infer<typeof ExecuteAcceptedSchema>

// ---- Jobs ----

export const JOB_ID_PREFIX = 'workflow-execution:'

/** `workflow-execution:<executionId>`, the hosted job id form. */
export const jobIdFor = (executionId: string): string => `${JOB_ID_PREFIX}${executionId}`

/** The execution id inside a job id; a bare id is taken as the execution id itself (spec). */
export const executionIdOfJob = (jobId: string): string =>
  jobId.startsWith(JOB_ID_PREFIX) ? jobId.slice(JOB_ID_PREFIX.length) : jobId

export const JobParamsSchema = z.object({ jobId: Id })

/** `pending` in the reference text, `queued` in the client library: both mean not started. */
export const JOB_STATES = [
  'pending',
  'queued',
  'processing',
  'completed',
  'failed',
  'cancelled',
  'paused',
] as const
export const JobStateSchema = z.enum(JOB_STATES)
export type JobState = z.infer<typeof JobStateSchema>

export const FINISHED_JOB_STATES = ['completed', 'failed', 'cancelled'] as const
export const isFinishedJobState = (state: JobState): boolean =>
  (FINISHED_JOB_STATES as readonly string[]).includes(state)

export const JobStatusSchema = z.object({
  success: z.boolean(),
  /** The job id (the client library calls it `jobId`; accepted too). */
  taskId: z.string(),
  jobId: z.string().optional(),
  status: JobStateSchema,
  output: z.unknown().optional(),
  metadata: z.object({
    startTime: Timestamp.optional(),
    startedAt: Timestamp.optional(),
    completedAt: Timestamp.optional(),
    endTime: Timestamp.optional(),
    duration: z.number().nonnegative().optional(),
    /** Set once the execution record expired and the answer comes from run history. */
    source: z.literal('run-history').optional(),
  }),
  error: z.unknown().optional(),
  /** Milliseconds, while queued or processing. */
  estimatedDuration: z.number().nonnegative().optional(),
})
export type JobStatus = z.infer<typeof JobStatusSchema>

// ---- Stream frames (SSE `data: <json>`, then `data: [DONE]`) ----

export const STREAM_DONE = '[DONE]'

export const ChunkFrameSchema = z.object({ blockId: z.string(), chunk: z.string() })
export const StreamErrorFrameSchema = z.object({
  blockId: z.string().optional(),
  event: z.literal('stream_error'),
  error: z.string(),
})
export const FinalFrameSchema = z.object({
  event: z.literal('final'),
  data: z.object({
    success: z.boolean(),
    error: z.string().optional(),
    output: z.unknown().optional(),
  }),
})
export const ErrorFrameSchema = z.object({
  event: z.literal('error'),
  error: z.string(),
  blockId: z.string().optional(),
})

/** Event frames first: a chunk frame is the one without `event`. */
export const StreamFrameSchema = z.union([
  z.discriminatedUnion('event', [StreamErrorFrameSchema, FinalFrameSchema, ErrorFrameSchema]),
  ChunkFrameSchema,
])
export type StreamFrame = z.infer<typeof StreamFrameSchema>
export type TerminalFrame = z.infer<typeof FinalFrameSchema> | z.infer<typeof ErrorFrameSchema>

export const isTerminalFrame = (frame: StreamFrame): frame is TerminalFrame =>
  'event' in frame && (frame.event === 'final' || frame.event === 'error')

export type StreamData =
  { kind: 'done' } | { kind: 'frame'; frame: StreamFrame } | { kind: 'invalid'; reason: string }

/** Reads the text after `data: ` of one SSE frame. */
export function parseStreamData(data: string): StreamData {
  if (data.trim() === STREAM_DONE) return { kind: 'done' }
  let json: unknown
  try {
    json = JSON.parse(data)
  } catch {
    return { kind: 'invalid', reason: 'Frame is not JSON' }
  }
  const parsed = StreamFrameSchema.safeParse(json)
  return parsed.success
    ? { kind: 'frame', frame: parsed.data }
    : { kind: 'invalid', reason: parsed.error.issues[0]?.message ?? 'Unknown frame' }
}

// ---- Cancel and resume ----

export const CancelParamsSchema = z.object({ id: Id, executionId: Id })
export const CancelResponseSchema = z.object({ success: z.boolean(), executionId: Id })
export type CancelResponse = z.infer<typeof CancelResponseSchema>

export const ResumeParamsSchema = z.object({ workflowId: Id, executionId: Id, contextId: Id })

/** The human's answer to a paused block; the run continues in its original mode. */
export const ResumeBodySchema = z.strictObject({ input: z.unknown() })
export type ResumeBody = z.infer<typeof ResumeBodySchema>
