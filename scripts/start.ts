// `npm start`: the desktop app, or browser mode where the Electron binary is not installed.
import { spawn, spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { buildIfNeeded } from './build-if-needed.ts'
import { electronBinary } from './electron-binary.ts'

const root = resolve(import.meta.dirname, '..')
buildIfNeeded()

let binary = electronBinary(root)
if (!binary && !process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
  // Electron fetches its binary on first use; try once, quietly, with a time limit.
  spawnSync(process.execPath, [resolve(root, 'node_modules/electron/install.js')], {
    stdio: 'ignore',
    timeout: 120_000,
  })
  binary = electronBinary(root)
}

const run = (cmd: string, args: string[]) => {
  const child = spawn(cmd, args, { stdio: 'inherit', cwd: root })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal))
  child.on('exit', (code) => process.exit(code ?? 0))
}

if (binary) {
  run(binary, [root])
} else {
  console.log(
    'The Electron binary is not installed here, so Flowdeck starts in browser mode instead.',
  )
  run(process.execPath, [resolve(root, 'src-main/web/cli.ts')])
}
