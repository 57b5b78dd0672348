// Builds out/ when it is missing or older than any source file, so `npm start`,
// `npm run web` and the e2e suite always run what is in the tree.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const SOURCES = [
  'src-shared',
  'src-main',
  'src-preload',
  'src-renderer',
  'src-service',
  'resources',
]
const CONFIGS = ['electron.vite.config.ts', 'vite.service.config.ts', 'package.json']
const OUTPUTS = [
  'out/main/index.js',
  'out/preload/index.cjs',
  'out/renderer/index.html',
  'out/service/cli.js',
]

function newest(path: string): number {
  const info = statSync(path)
  if (!info.isDirectory()) return info.mtimeMs
  let max = 0
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue
    max = Math.max(max, newest(join(path, entry)))
  }
  return max
}

export function buildIfNeeded(): void {
  const outputs = OUTPUTS.map((p) => join(root, p))
  const stale =
    outputs.some((p) => !existsSync(p)) ||
    Math.min(...outputs.map((p) => statSync(p).mtimeMs)) <
      Math.max(
        ...[...SOURCES, ...CONFIGS]
          .map((p) => join(root, p))
          .filter(existsSync)
          .map(newest),
      )
  if (!stale) return
  console.log('Building Flowdeck (npm run build)…')
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

if (import.meta.filename === process.argv[1]) buildIfNeeded()
