// One pipeline for every call, whatever carries it (Electron IPC, browser mode, tests):
// parse input -> handler -> parse output -> result envelope. Nothing channel-specific here.
import type { z } from 'zod'
import {
  channels,
  isChannelName,
  type BridgeResult,
  type ChannelName,
  type ChannelOutput,
  type EventName,
  type EventPayload,
} from '../../src-shared/bridge.ts'
import { BridgeFailure, toBridgeError } from './errors.ts'

export const KEY_PREFIX = 'sk-service-'

export interface HandlerContext {
  mode: 'electron' | 'web'
  /** Identifies the caller's page so pushed events reach only their subscribers. */
  subscriberId: string
  emit<E extends EventName>(subscriberId: string, event: E, payload: EventPayload<E>): void
}

/** A handler receives its input already parsed (defaults applied) and returns the channel's output. */
export type Handler<K extends ChannelName> = (
  input: z.output<(typeof channels)[K]['input']>,
  ctx: HandlerContext,
) => Promise<ChannelOutput<K>>

export type Handlers = { [K in ChannelName]: Handler<K> }

export async function dispatch(
  handlers: Handlers,
  name: unknown,
  rawInput: unknown,
  ctx: HandlerContext,
): Promise<BridgeResult<unknown>> {
  if (!isChannelName(name)) {
    return { ok: false, error: { code: 'BAD_REQUEST', message: 'Unknown bridge channel.' } }
  }
  const spec = channels[name]
  const parsed = spec.input.safeParse(rawInput ?? {})
  if (!parsed.success) {
    const first = parsed.error.issues[0]
    return {
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: first ? `${first.path.join('.') || 'input'}: ${first.message}` : 'Invalid input.',
        details: parsed.error.issues.map((i) => ({ path: i.path, message: i.message })),
      },
    }
  }
  try {
    const handler = handlers[name] as (input: unknown, ctx: HandlerContext) => Promise<unknown>
    const output = await handler(parsed.data, ctx)
    // Parsing the output strips anything the contract does not name before it leaves main.
    const checked = spec.output.safeParse(output)
    if (!checked.success) {
      throw new BridgeFailure('INTERNAL', 'Flowdeck produced an answer it could not send.')
    }
    // Last line of defence: nothing that looks like an API key ever leaves main.
    if (JSON.stringify(checked.data ?? null).includes(KEY_PREFIX)) {
      throw new BridgeFailure(
        'INTERNAL',
        'Flowdeck withheld an answer because it contained something that looks like an API key.',
      )
    }
    return { ok: true, data: checked.data }
  } catch (err) {
    return { ok: false, error: toBridgeError(err) }
  }
}
