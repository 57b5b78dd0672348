import type { AreaHandlers } from './deps.ts'

export interface AppDeps {
  version: string
  platform: string
}

export function appHandlers(deps: AppDeps): AreaHandlers<'app'> {
  return {
    'app:info': async (_input, ctx) => ({
      name: 'Flowdeck',
      version: deps.version,
      mode: ctx.mode,
      platform: deps.platform,
    }),
  }
}
