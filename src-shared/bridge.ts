// The bridge contract: every channel between the renderer and main, with the
// schema of what goes in and what comes out, and the one result envelope.
import { z } from 'zod'
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

export const channels = {
  'app:info': { input: NoInput, output: AppInfoSchema },
} as const satisfies { [K in ChannelName]: ChannelSpec }

export const RunEventSchema = z.object({ runId: z.string(), frame: z.unknown() })
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
