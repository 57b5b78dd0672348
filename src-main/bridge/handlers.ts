// The one place that assembles every area's handlers into the full channel table.
import type { Handlers } from './registry.ts'
import { appHandlers, type AppDeps } from './app.ts'

export type HandlerDeps = AppDeps

export function createHandlers(deps: HandlerDeps): Handlers {
  return {
    ...appHandlers(deps),
  }
}
