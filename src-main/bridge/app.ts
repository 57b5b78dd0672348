import type { Handler } from './registry.ts'

export interface AppDeps {
  version: string
  platform: string
}

export function appHandlers(deps: AppDeps): { 'app:info': Handler<'app:info'> } {
  return {
    'app:info': async (_input, ctx) => ({
      name: 'Flowdeck',
      version: deps.version,
      mode: ctx.mode,
      platform: deps.platform,
    }),
  }
}
