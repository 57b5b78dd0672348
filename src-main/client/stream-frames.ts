// Frames of the execute stream (X-Service-Stream-Version: 2), as API-NOTES describes them.
// Every frame is `data: <json>` and the stream ends with `data: [DONE]`.
import { z } from 'zod'

export const ChunkFrameSchema = z.object({ blockId: z.string(), chunk: z.string() })
export const StreamErrorFrameSchema = z.object({
  event: z.literal('stream_error'),
  blockId: z.string().optional(),
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

export const StreamFrameSchema = z.union([
  StreamErrorFrameSchema,
  FinalFrameSchema,
  ErrorFrameSchema,
  ChunkFrameSchema,
])
export type StreamFrame = z.infer<typeof StreamFrameSchema>
