import type { AreaHandlers, CoreDeps } from './deps.ts'

export function settingsHandlers({ settings }: CoreDeps): AreaHandlers<'settings'> {
  return {
    'settings:get': async () => settings.get(),
    'settings:update': async (patch) => settings.update(patch),
  }
}

export function localHandlers({ local }: CoreDeps): AreaHandlers<'local'> {
  const status = () => ({ ...local.status(), dataDir: local.dataDir })
  return {
    'local:status': async () => status(),
    'local:restart': async () => {
      await local.restart()
      return status()
    },
  }
}
