// `npm run web`: build if needed, then browser mode.
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { buildIfNeeded } from './build-if-needed.ts'

buildIfNeeded()
const child = spawn(process.execPath, [resolve(import.meta.dirname, '../src-main/web/cli.ts')], {
  stdio: 'inherit',
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
