// The app's data folder outside Electron (browser mode), matching Electron's userData
// location for the same app name, so both modes share connections and "This computer".
import { homedir } from 'node:os'
import { join } from 'node:path'

export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (env.FLOWDECK_DATA_DIR) return env.FLOWDECK_DATA_DIR
  if (platform === 'win32')
    return join(env.APPDATA ?? join(homedir(), 'AppData/Roaming'), 'Flowdeck')
  if (platform === 'darwin') return join(homedir(), 'Library/Application Support/Flowdeck')
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Flowdeck')
}

/** Where a user-level flowdeck.team.json may live (the config folder itself). */
export function userConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.XDG_CONFIG_HOME ?? join(homedir(), '.config')
}
