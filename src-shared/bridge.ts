// The bridge contract: every channel between the renderer and main, with the
// schema of what goes in and what comes out, and the one result envelope.
import { z } from 'zod'
import { endpoints } from './api/endpoints.ts'
import { StreamFrameSchema } from './api/execution.ts'
import type { ChannelName, EventName } from './bridge-names.ts'

export { CHANNEL_NAMES, EVENT_NAMES, isChannelName, isEventName } from './bridge-names.ts'
export type { ChannelName, EventName } from './bridge-names.ts'

/** The spec's client codes plus the HTTP ones: one vocabulary for service, client and UI. */
export const ERROR_CODES = [
  'UNAUTHORIZED',
  'TIMEOUT',
  'RATE_LIMIT_EXCEEDED',
  'USAGE_LIMIT_EXCEEDED',
  'EXECUTION_ERROR',
  'INVALID_JSON',
  'NETWORK',
  'BAD_REQUEST',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RESULT_UNAVAILABLE',
  'INVALID_SELECTED_OUTPUT',
  'INVALID_RESPONSE',
  'INVALID_INPUT',
  'KEYCHAIN_UNAVAILABLE',
  'CANCELLED',
  'INTERNAL',
] as const
export const ErrorCodeSchema = z.enum(ERROR_CODES)
export type ErrorCode = z.infer<typeof ErrorCodeSchema>

export const BridgeErrorSchema = z.object({
  code: ErrorCodeSchema,
  status: z.number().int().optional(),
  message: z.string(),
  details: z.array(z.unknown()).optional(),
})
export type BridgeError = z.infer<typeof BridgeErrorSchema>

export type BridgeResult<T> = { ok: true; data: T } | { ok: false; error: BridgeError }

export function resultSchema<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), data }),
    z.object({ ok: z.literal(false), error: BridgeErrorSchema }),
  ])
}

const NoInput = z.object({}).strict()

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  mode: z.enum(['electron', 'web']),
  platform: z.string(),
})
export type AppInfo = z.infer<typeof AppInfoSchema>

// ---- Desktop-side records (what main keeps about connections, jobs and settings) ----

export const KeyTypeSchema = z.enum(['personal', 'workspace', 'organization'])

export const ConnectionSchema = z.object({
  id: z.string(),
  name: z.string().min(1).max(100),
  baseUrl: z.string().url(),
  workspaceId: z.string(),
  keyType: KeyTypeSchema,
  /** `local` is "This computer": its base URL follows the embedded service's port. */
  kind: z.enum(['remote', 'local']),
  /** Where it came from: added by hand, the team preset, or first launch. */
  origin: z.enum(['user', 'preset', 'first-launch']),
  createdAt: z.string(),
})
export type Connection = z.infer<typeof ConnectionSchema>

export const TrackedJobStateSchema = z.enum([
  'queued',
  'processing',
  'paused',
  'completed',
  'failed',
  'cancelled',
  /** The service answers 404: run history is gone (30 days after the run). */
  'expired',
])
export type TrackedJobState = z.infer<typeof TrackedJobStateSchema>

export const TrackedJobSchema = z.object({
  jobId: z.string(),
  executionId: z.string(),
  connectionId: z.string(),
  workflowId: z.string(),
  workflowName: z.string().optional(),
  statusUrl: z.string().optional(),
  /** How the run was started: async, or a sync/stream run Flowdeck had to follow instead. */
  mode: z.enum(['async', 'sync-pending', 'result-unavailable', 'stream-broken']),
  state: TrackedJobStateSchema,
  /** The word the service used (`pending`, `queued`, ...), for the curious. */
  serviceStatus: z.string(),
  fromRunHistory: z.boolean(),
  output: z.unknown().optional(),
  error: z.string().optional(),
  /** While paused: the pause to answer (`runs:resume` takes this contextId) and its question. */
  contextId: z.string().optional(),
  prompt: z.string().optional(),
  estimatedDurationMs: z.number().optional(),
  startedAt: z.string().optional(),
  completedAt: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  nextPollAt: z.string().nullable(),
  polls: z.number().int(),
  consecutiveErrors: z.number().int(),
  lastError: z.string().optional(),
})
export type TrackedJob = z.infer<typeof TrackedJobSchema>

export const SettingsSchema = z.object({
  theme: z.enum(['system', 'light', 'dark']).default('system'),
  /** Default timeout of a service call, in milliseconds. */
  timeoutMs: z.number().int().min(1000).max(600_000).default(30_000),
  notifications: z.boolean().default(true),
  selectedConnectionId: z.string().nullable().default(null),
})
export type Settings = z.infer<typeof SettingsSchema>

export interface ChannelSpec {
  input: z.ZodType
  output: z.ZodType
}

// ---- Inputs shared by most channels ----

/** Every service call names its connection; the workspace defaults to the connection's own. */
const On = z.object({
  connectionId: z.string().min(1),
  workspaceId: z.string().min(1).optional(),
})
const Id = z.string().min(1)
const Cursor = z.object({
  limit: z.number().int().min(1).max(100).optional(),
  cursor: z.string().min(1).optional(),
})
const Ok = z.object({ ok: z.literal(true) })
const Json = z.unknown()
const Row = z.record(z.string(), z.unknown())

/** A file the renderer picked or main read, carried as a data URL (the spec's file input form). */
export const FilePayloadSchema = z.object({
  name: z.string().min(1).max(255),
  mime: z.string().min(1).max(255),
  size: z.number().int().min(0),
  dataUrl: z.string().startsWith('data:'),
})

// ---- Desktop outputs ----

export const ConnectionViewSchema = ConnectionSchema.extend({
  /** Whether the keychain holds a key for it; the key itself never leaves main. */
  hasKey: z.boolean(),
  /** False when no OS keychain answered (hasKey is then unknown and shown as false). */
  keychainAvailable: z.boolean(),
})
export const ConnectionTestSchema = z.object({
  ok: z.boolean(),
  code: ErrorCodeSchema.optional(),
  status: z.number().int().optional(),
  message: z.string(),
})
export const DashboardLinkSchema = z.object({
  baseUrl: z.string(),
  orgSlug: z.string(),
  workspaceSlug: z.string(),
  workflowId: z.string(),
})
export const RateLimitSnapshotSchema = z.object({
  limit: z.number().nullable(),
  remaining: z.number().nullable(),
  reset: z.string().nullable(),
  observedAt: z.string(),
})
export const LocalServiceStatusSchema = z.object({
  state: z.enum(['stopped', 'starting', 'running', 'restarting', 'failed']),
  url: z.string().nullable(),
  port: z.number().int().nullable(),
  restarts: z.number().int(),
  lastError: z.string().nullable(),
  dataDir: z.string(),
})

// ---- Runs ----

export const RunModeSchema = z.enum(['sync', 'async', 'stream'])
export const ExecutionControlsSchema = z.object({
  selectedOutputs: z.array(z.string().min(1)).optional(),
  useDraftState: z.boolean().optional(),
  includeFileBase64: z.boolean().optional(),
  base64MaxBytes: z.number().int().min(0).optional(),
  stopAfterBlockId: z.string().min(1).optional(),
})
const SYNC_ONLY_CONTROLS = Object.keys(ExecutionControlsSchema.shape)

export const RunStartInputSchema = On.extend({
  workflowId: Id,
  workflowName: z.string().optional(),
  mode: RunModeSchema,
  /** The workflow's input: an object of Start-block fields, or any JSON value. */
  input: Json,
  controls: ExecutionControlsSchema.default({}),
  timeoutMs: z.number().int().min(1000).max(600_000).optional(),
}).superRefine((value, ctx) => {
  // The spec: async requests with any of these controls are a 400; say so before sending.
  if (value.mode !== 'async') return
  for (const key of SYNC_ONLY_CONTROLS) {
    if ((value.controls as Record<string, unknown>)[key] !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['controls', key],
        message: `${key} cannot be used when running in the background (async)`,
      })
    }
  }
})

// Read leniently (the api's own schema requires metadata): a failed run's 500 body may lack it.
export const ExecutionResultSchema = z.looseObject({
  success: z.boolean(),
  executionId: z.string().optional(),
  output: Json.optional(),
  error: z.string().optional(),
  status: z.string().optional(),
  metadata: z
    .looseObject({
      startTime: z.string().optional(),
      endTime: z.string().optional(),
      duration: z.number().optional(),
    })
    .optional(),
})

export const RunStartOutputSchema = z.discriminatedUnion('kind', [
  /** The run finished (successfully or not) and this is its result body. */
  z.object({
    kind: z.literal('result'),
    httpStatus: z.number().int(),
    executionId: z.string().nullable(),
    result: ExecutionResultSchema,
  }),
  /** A Response block answered: its status, headers and body, as the service sent them. */
  z.object({
    kind: z.literal('response'),
    executionId: z.string().nullable(),
    httpStatus: z.number().int(),
    headers: z.record(z.string(), z.string()),
    body: Json,
  }),
  /** Running in the background (async), or admitted but late: followed as a tracked job. */
  z.object({
    kind: z.literal('job'),
    reason: z.enum(['async', 'sync-pending', 'result-unavailable']),
    jobId: z.string(),
    executionId: z.string(),
  }),
  /** Streaming: frames arrive as `runs:event` for this runId. */
  z.object({ kind: z.literal('stream'), runId: z.string() }),
])

export { StreamFrameSchema }
export type StreamFrame = z.infer<typeof StreamFrameSchema>

export const RunStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('frame'), at: z.number(), frame: StreamFrameSchema }),
  z.object({ type: z.literal('invalid-frame'), at: z.number(), reason: z.string() }),
  z.object({
    type: z.literal('end'),
    at: z.number(),
    outcome: z.enum(['done', 'broken', 'cancelled', 'failed']),
    frames: z.number().int(),
    message: z.string().optional(),
    error: BridgeErrorSchema.optional(),
    /** Known once the service sent X-Execution-Id: a broken stream can be followed as a job. */
    executionId: z.string().nullable(),
    canFollow: z.boolean(),
  }),
])

// API-backed channels answer exactly what the endpoint answers, with its own response schema.

export const channels = {
  'app:info': { input: NoInput, output: AppInfoSchema },

  'connections:list': { input: NoInput, output: z.array(ConnectionViewSchema) },
  'connections:add': {
    input: z.object({
      name: z.string().trim().min(1).max(100),
      baseUrl: z.string().min(1),
      workspaceId: z.string().trim().min(1),
      keyType: KeyTypeSchema,
    }),
    output: ConnectionViewSchema,
  },
  'connections:parse-link': {
    input: z.object({ url: z.string().min(1).max(2000) }),
    output: DashboardLinkSchema,
  },
  'connections:update': {
    input: z.object({
      connectionId: Id,
      name: z.string().trim().min(1).max(100).optional(),
      baseUrl: z.string().min(1).optional(),
      workspaceId: z.string().trim().min(1).optional(),
      keyType: KeyTypeSchema.optional(),
    }),
    output: ConnectionViewSchema,
  },
  'connections:remove': { input: z.object({ connectionId: Id }), output: Ok },
  'connections:test': { input: On, output: ConnectionTestSchema },
  /** Write-only: the key goes into the keychain and is never sent back. */
  'connections:set-key': {
    input: z.object({ connectionId: Id, key: z.string().trim().min(1).max(4096) }),
    output: z.object({ hasKey: z.literal(true) }),
  },
  'connections:has-key': {
    input: z.object({ connectionId: Id }),
    output: z.object({ hasKey: z.boolean() }),
  },
  'connections:delete-key': {
    input: z.object({ connectionId: Id }),
    output: z.object({ hasKey: z.literal(false) }),
  },

  'workflows:list': {
    input: On.extend(Cursor.shape).extend({
      folderId: z.string().min(1).optional(),
      deployedOnly: z.boolean().optional(),
    }),
    output: endpoints.listWorkflows.response,
  },
  'workflows:detail': {
    input: On.extend({ workflowId: Id }),
    output: endpoints.getWorkflow.response,
  },
  'workflows:status': {
    input: On.extend({ workflowId: Id }),
    output: endpoints.getWorkflowStatus.response,
  },

  'runs:start': { input: RunStartInputSchema, output: RunStartOutputSchema },
  'runs:subscribe': {
    input: z.object({ runId: Id }),
    output: z.object({ replayed: z.number().int() }),
  },
  'runs:unsubscribe': { input: z.object({ runId: Id }), output: Ok },
  /** Stops reading a stream here and asks the service to cancel the run. */
  'runs:cancel': {
    input: On.extend({ workflowId: Id, executionId: Id.optional(), runId: Id.optional() }),
    output: z.object({ cancelledStream: z.boolean(), cancelledOnService: z.boolean() }),
  },
  'runs:resume': {
    input: On.extend({ workflowId: Id, executionId: Id, contextId: Id, input: Json }),
    output: z.object({ jobId: z.string().nullable(), result: Json }),
  },
  /** A broken stream (or a late sync run) is followed as a job by its execution id. */
  'runs:follow': {
    input: On.extend({ workflowId: Id, executionId: Id, workflowName: z.string().optional() }),
    output: TrackedJobSchema,
  },

  'jobs:list': { input: NoInput, output: z.array(TrackedJobSchema) },
  'jobs:get': { input: z.object({ jobId: Id }), output: TrackedJobSchema },
  'jobs:refresh': { input: z.object({ jobId: Id }), output: TrackedJobSchema },
  'jobs:forget': { input: z.object({ jobId: Id }), output: Ok },
  'jobs:subscribe': { input: NoInput, output: Ok },
  'jobs:unsubscribe': { input: NoInput, output: Ok },

  'tables:list': { input: On, output: endpoints.listTables.response },
  'tables:get': { input: On.extend({ tableId: Id }), output: endpoints.getTable.response },
  'tables:rows': {
    input: On.extend({
      tableId: Id,
      limit: z.number().int().min(1).max(1000).optional(),
      offset: z.number().int().min(0).optional(),
      filter: Json.optional(),
      sort: z.record(z.string(), z.enum(['asc', 'desc'])).optional(),
    }),
    output: endpoints.listRows.response,
  },
  'tables:insert-row': {
    input: On.extend({ tableId: Id, data: Row }),
    output: endpoints.insertRows.response,
  },
  'tables:insert-rows': {
    input: On.extend({ tableId: Id, rows: z.array(Row).min(1).max(1000) }),
    output: endpoints.insertRows.response,
  },
  'tables:update-row': {
    input: On.extend({ tableId: Id, rowId: Id, data: Row }),
    output: endpoints.updateRow.response,
  },
  'tables:delete-row': {
    input: On.extend({ tableId: Id, rowId: Id }),
    output: endpoints.deleteRow.response,
  },
  'tables:delete-rows': {
    input: On.extend({
      tableId: Id,
      rowIds: z.array(Id).min(1).max(1000).optional(),
      filter: Json.optional(),
    }).refine((v) => (v.rowIds === undefined) !== (v.filter === undefined), {
      message: 'Give either rowIds or filter',
    }),
    output: endpoints.deleteRows.response,
  },
  'tables:add-column': {
    input: On.extend({
      tableId: Id,
      column: z.looseObject({
        name: z.string().min(1),
        type: z.string().min(1),
        required: z.boolean().optional(),
        unique: z.boolean().optional(),
      }),
      position: z.number().int().min(0).optional(),
    }),
    output: endpoints.addColumn.response,
  },

  'knowledge:list': { input: On, output: endpoints.listKnowledgeBases.response },
  'knowledge:get': {
    input: On.extend({ knowledgeBaseId: Id }),
    output: endpoints.getKnowledgeBase.response,
  },
  'knowledge:create': {
    input: On.extend({
      name: z.string().trim().min(1),
      description: z.string().optional(),
      chunkingConfig: z
        .object({ maxSize: z.number().int(), minSize: z.number().int(), overlap: z.number().int() })
        .partial()
        .optional(),
    }),
    output: endpoints.createKnowledgeBase.response,
  },
  'knowledge:update': {
    input: On.extend({
      knowledgeBaseId: Id,
      name: z.string().trim().min(1).optional(),
      description: z.string().optional(),
      chunkingConfig: z
        .object({ maxSize: z.number().int(), minSize: z.number().int(), overlap: z.number().int() })
        .partial()
        .optional(),
    }),
    output: endpoints.updateKnowledgeBase.response,
  },
  'knowledge:documents': {
    input: On.extend({
      knowledgeBaseId: Id,
      limit: z.number().int().min(1).max(100).optional(),
      offset: z.number().int().min(0).optional(),
      search: z.string().optional(),
      enabledFilter: z.enum(['all', 'enabled', 'disabled']).optional(),
      sortBy: z
        .enum([
          'filename',
          'fileSize',
          'tokenCount',
          'chunkCount',
          'uploadedAt',
          'processingStatus',
          'enabled',
        ])
        .optional(),
      sortOrder: z.enum(['asc', 'desc']).optional(),
    }),
    output: endpoints.listDocuments.response,
  },
  'knowledge:document': {
    input: On.extend({ knowledgeBaseId: Id, documentId: Id }),
    output: endpoints.getDocument.response,
  },
  'knowledge:upload': {
    input: On.extend({ knowledgeBaseId: Id, file: FilePayloadSchema }),
    output: endpoints.uploadDocument.response,
  },

  'docs:list': {
    input: On.extend({
      folderId: z.string().min(1).optional(),
      scope: z.enum(['active', 'archived', 'all']).optional(),
    }),
    output: endpoints.listDocs.response,
  },
  /** Main fetches the file with the connection's key. The desktop app saves it through a
   * native dialog; browser mode has no dialogs in main, so the bytes go to the page, which
   * offers them as a download. */
  'docs:download': {
    input: On.extend({ fileId: Id }),
    output: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('saved'), saved: z.boolean(), name: z.string() }),
      z.object({
        kind: z.literal('bytes'),
        name: z.string(),
        size: z.number().int().min(0),
        base64: z.string(),
      }),
    ]),
  },

  'usage:limits': { input: On, output: endpoints.usageLimits.response },
  /** The per-key /api/v1 limit from the last response seen on this connection. */
  'usage:rate-limit': {
    input: z.object({ connectionId: Id }),
    output: RateLimitSnapshotSchema.nullable(),
  },

  'logs:list': {
    input: On.extend({
      limit: z.number().int().min(1).max(1000).optional(),
      cursor: z.string().min(1).optional(),
      workflowIds: z.array(Id).optional(),
      level: z.enum(['info', 'error']).optional(),
      startDate: z.string().optional(),
      endDate: z.string().optional(),
      order: z.enum(['asc', 'desc']).optional(),
    }),
    output: endpoints.listLogs.response,
  },
  'logs:detail': { input: On.extend({ logId: Id }), output: endpoints.getLog.response },

  'audit:list': {
    input: On.extend(Cursor.shape).extend({
      action: z.string().optional(),
      resourceType: z.string().optional(),
      resourceId: z.string().optional(),
      actorId: z.string().optional(),
      startDate: z.string().optional(),
      endDate: z.string().optional(),
    }),
    output: endpoints.listAuditLogs.response,
  },
  'audit:detail': { input: On.extend({ auditLogId: Id }), output: endpoints.getAuditLog.response },

  'workspaces:create': {
    input: z.object({
      connectionId: Id,
      name: z.string().trim().min(1).max(100),
      color: z
        .string()
        .regex(/^#[0-9A-Fa-f]{6}$/)
        .optional(),
      skipDefaultWorkflow: z.boolean().optional(),
    }),
    output: endpoints.createWorkspace.response,
  },

  'settings:get': { input: NoInput, output: SettingsSchema },
  'settings:update': { input: SettingsSchema.partial().strict(), output: SettingsSchema },

  'local:status': { input: NoInput, output: LocalServiceStatusSchema },
  'local:restart': { input: NoInput, output: LocalServiceStatusSchema },

  /** Desktop: a native file dialog in main. Browser mode answers BAD_REQUEST (use <input type=file>). */
  'files:pick': {
    input: z.object({
      maxBytes: z
        .number()
        .int()
        .min(1)
        .max(100 * 1024 * 1024)
        .optional(),
    }),
    output: FilePayloadSchema.nullable(),
  },
  'files:save': {
    input: z.object({ suggestedName: z.string().min(1).max(255), text: z.string() }),
    output: z.object({ saved: z.boolean() }),
  },
} as const satisfies { [K in ChannelName]: ChannelSpec }

export const RunEventSchema = z.object({ runId: z.string(), event: RunStreamEventSchema })
export const JobsChangedSchema = z.object({ jobIds: z.array(z.string()) })

export const events = {
  'runs:event': RunEventSchema,
  'jobs:changed': JobsChangedSchema,
} as const satisfies { [K in EventName]: z.ZodType }

export type ChannelInput<K extends ChannelName> = z.input<(typeof channels)[K]['input']>
export type ChannelOutput<K extends ChannelName> = z.output<(typeof channels)[K]['output']>
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>

/** What the preload exposes as window.flowdeck: one function per channel, plus `on`. */
export type FlowdeckBridge = {
  [K in ChannelName]: (input: ChannelInput<K>) => Promise<BridgeResult<ChannelOutput<K>>>
} & {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void
}
