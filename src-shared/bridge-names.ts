// The bridge's channel and event names, free of any runtime dependency so the
// sandboxed preload can bundle them. src-shared/bridge.ts gives each a schema.
export const CHANNEL_NAMES = ['app:info'] as const

export const EVENT_NAMES = ['runs:event', 'jobs:changed'] as const

export type ChannelName = (typeof CHANNEL_NAMES)[number]
export type EventName = (typeof EVENT_NAMES)[number]

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && (CHANNEL_NAMES as readonly string[]).includes(name)
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && (EVENT_NAMES as readonly string[]).includes(name)
}
