// Where the Electron binary is, without triggering electron's lazy download (requiring
// the 'electron' package downloads it when missing, which fails offline).
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

export function electronBinary(root = resolve(import.meta.dirname, '..')): string | null {
  const pkg = join(root, 'node_modules/electron')
  const pathFile = join(pkg, 'path.txt')
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null
  if (override) {
    const candidate = join(override, name ?? 'electron')
    return existsSync(candidate) ? candidate : null
  }
  if (!name) return null
  const full = join(pkg, 'dist', name)
  return existsSync(full) ? full : null
}
