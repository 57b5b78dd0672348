// `npm run test:e2e`: build if needed, find a Chromium, run the browser-mode suite and,
// where the Electron binary exists, the Electron suite.
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { buildIfNeeded } from './build-if-needed.ts'
import { electronBinary } from './electron-binary.ts'
import { ensureChromium } from './find-chromium.ts'

const root = resolve(import.meta.dirname, '..')
buildIfNeeded()
const chromiumPath = ensureChromium()
const electron = electronBinary(root)
if (!electron) {
  console.log(
    'Electron e2e suite skipped: the Electron binary is not installed here ' +
      '(ELECTRON_SKIP_BINARY_DOWNLOAD); the browser-mode suite runs.',
  )
}
const projects = electron ? ['--project=browser', '--project=electron'] : ['--project=browser']
// Inside a private keyring session: browser mode stores "This computer"'s key in the vault.
const result = spawnSync(
  process.execPath,
  [
    resolve(root, 'scripts/with-keyring.ts'),
    'npx',
    'playwright',
    'test',
    '-c',
    'e2e/playwright.config.ts',
    ...projects,
    ...process.argv.slice(2),
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FLOWDECK_CHROMIUM: chromiumPath, FLOWDECK_ELECTRON: electron ?? '' },
  },
)
process.exit(result.status ?? 1)
