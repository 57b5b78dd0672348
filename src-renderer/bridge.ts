// The renderer's only way out: window.flowdeck, unwrapped into values or BridgeCallError.
import type {
  BridgeError,
  BridgeResult,
  ChannelInput,
  ChannelName,
  ChannelOutput,
  EventName,
  EventPayload,
} from '../src-shared/bridge.ts'

export class BridgeCallError extends Error {
  readonly error: BridgeError
  constructor(error: BridgeError) {
    super(error.message)
    this.name = 'BridgeCallError'
    this.error = error
  }
}

export async function call<K extends ChannelName>(
  name: K,
  input: ChannelInput<K>,
): Promise<ChannelOutput<K>> {
  const fn = window.flowdeck?.[name] as unknown as
    ((i: ChannelInput<K>) => Promise<BridgeResult<ChannelOutput<K>>>) | undefined
  if (!fn) {
    throw new BridgeCallError({
      code: 'INTERNAL',
      message: 'Flowdeck’s bridge is missing: this page was opened outside the app.',
    })
  }
  const result = await fn(input)
  if (!result.ok) throw new BridgeCallError(result.error)
  return result.data as ChannelOutput<K>
}

/** Listens to a pushed event (`runs:event`, `jobs:changed`); returns the unsubscribe. */
export function onEvent<E extends EventName>(
  event: E,
  listener: (payload: EventPayload<E>) => void,
): () => void {
  return window.flowdeck?.on(event, listener) ?? (() => {})
}
