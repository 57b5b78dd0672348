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
