// Streams in flight: each has an id, its subscribers (pages that asked for its events), a
// replay buffer for a page that subscribes a moment after starting, and an abort.
import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import type { RunStreamEventSchema } from '../../src-shared/bridge.ts'
import { BridgeFailure } from '../bridge/errors.ts'
import { readRunStream } from './sse-reader.ts'

type RunStreamEvent = z.infer<typeof RunStreamEventSchema>

export interface StreamRun {
  runId: string
  connectionId: string
  workflowId: string
  workflowName?: string
  executionId: string | null
  controller: AbortController
  subscribers: Set<string>
  buffer: RunStreamEvent[]
  ended: boolean
}

const BUFFER_LIMIT = 5000
/** Finished streams are kept a while so a late subscriber still sees the end. */
const KEEP_ENDED_MS = 5 * 60_000

export function createStreamRuns(
  send: (subscriberId: string, runId: string, event: RunStreamEvent) => void,
) {
  const runs = new Map<string, StreamRun>()

  const push = (run: StreamRun, event: RunStreamEvent) => {
    if (run.buffer.length < BUFFER_LIMIT) run.buffer.push(event)
    for (const id of run.subscribers) send(id, run.runId, event)
  }

  return {
    /** Registers the run and reads `body` in the background, pushing frames to subscribers. */
    begin(
      info: Pick<StreamRun, 'connectionId' | 'workflowId' | 'workflowName' | 'executionId'>,
      subscriberId: string,
      controller: AbortController,
      body: ReadableStream<Uint8Array>,
    ): StreamRun {
      const run: StreamRun = {
        ...info,
        runId: randomUUID(),
        controller,
        subscribers: new Set([subscriberId]),
        buffer: [],
        ended: false,
      }
      runs.set(run.runId, run)
      const end = (
        event: Omit<
          Extract<RunStreamEvent, { type: 'end' }>,
          'type' | 'at' | 'executionId' | 'canFollow'
        >,
      ) => {
        run.ended = true
        push(run, {
          type: 'end',
          at: Date.now(),
          executionId: run.executionId,
          canFollow: event.outcome === 'broken' && run.executionId !== null,
          ...event,
        })
        setTimeout(() => runs.delete(run.runId), KEEP_ENDED_MS).unref?.()
      }
      void (async () => {
        try {
          const outcome = await readRunStream(body, {
            signal: controller.signal,
            onFrame: (frame) => push(run, { type: 'frame', at: Date.now(), frame }),
            onInvalid: (_raw, reason) =>
              push(run, { type: 'invalid-frame', at: Date.now(), reason }),
          })
          end({
            outcome: outcome.kind,
            frames: outcome.frames,
            ...(outcome.kind === 'broken' ? { message: outcome.message } : {}),
          })
        } catch (err) {
          const error =
            err instanceof BridgeFailure
              ? err.toBridgeError()
              : { code: 'INTERNAL' as const, message: 'The stream could not be read.' }
          end({
            outcome: error.code === 'CANCELLED' ? 'cancelled' : 'failed',
            frames: 0,
            message: error.message,
            error,
          })
        }
      })()
      return run
    },
    get: (runId: string) => runs.get(runId),
    subscribe(runId: string, subscriberId: string): number {
      const run = runs.get(runId)
      if (!run) throw new BridgeFailure('NOT_FOUND', 'That stream is over or unknown.')
      if (run.subscribers.has(subscriberId)) return 0
      run.subscribers.add(subscriberId)
      for (const event of run.buffer) send(subscriberId, runId, event)
      return run.buffer.length
    },
    unsubscribe(runId: string, subscriberId: string) {
      runs.get(runId)?.subscribers.delete(subscriberId)
    },
    /** Stops reading; returns whether a live stream was stopped. */
    abort(runId: string): boolean {
      const run = runs.get(runId)
      if (!run || run.ended) return false
      run.controller.abort()
      return true
    },
    abortAll() {
      for (const run of runs.values()) run.controller.abort()
    },
  }
}

export type StreamRuns = ReturnType<typeof createStreamRuns>
