// The bridge's channel and event names, free of any runtime dependency so the
// sandboxed preload can bundle them. src-shared/bridge.ts gives each a schema.
export const CHANNEL_NAMES = [
  'app:info',
  'connections:list',
  'connections:add',
  'connections:parse-link',
  'connections:update',
  'connections:remove',
  'connections:test',
  'connections:set-key',
  'connections:has-key',
  'connections:delete-key',
  'workflows:list',
  'workflows:detail',
  'workflows:status',
  'runs:start',
  'runs:subscribe',
  'runs:unsubscribe',
  'runs:cancel',
  'runs:resume',
  'runs:follow',
  'jobs:list',
  'jobs:get',
  'jobs:refresh',
  'jobs:forget',
  'jobs:subscribe',
  'jobs:unsubscribe',
  'tables:list',
  'tables:get',
  'tables:rows',
  'tables:insert-row',
  'tables:insert-rows',
  'tables:update-row',
  'tables:delete-row',
  'tables:delete-rows',
  'tables:add-column',
  'knowledge:list',
  'knowledge:get',
  'knowledge:create',
  'knowledge:update',
  'knowledge:documents',
  'knowledge:document',
  'knowledge:upload',
  'docs:list',
  'docs:download',
  'usage:limits',
  'usage:rate-limit',
  'logs:list',
  'logs:detail',
  'audit:list',
  'audit:detail',
  'workspaces:create',
  'settings:get',
  'settings:update',
  'local:status',
  'local:restart',
  'files:pick',
  'files:save',
] as const

export const EVENT_NAMES = ['runs:event', 'jobs:changed'] as const

export type ChannelName = (typeof CHANNEL_NAMES)[number]
export type EventName = (typeof EVENT_NAMES)[number]

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && (CHANNEL_NAMES as readonly string[]).includes(name)
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && (EVENT_NAMES as readonly string[]).includes(name)
}
