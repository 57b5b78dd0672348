// Browser-mode fixture: a real `src-main/web/cli.ts` process per test file, opened through
// its one-time launch URL, exactly as a user does after `npm run web`.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { test as base, expect } from '@playwright/test'

const root = resolve(import.meta.dirname, '..')

export interface WebApp {
  launchUrl: string
  process: ChildProcess
  /** A fresh app data folder per worker: connections, "This computer" and its seeded service. */
  dataDir: string
}

export async function startWebApp(): Promise<WebApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flowdeck-e2e-'))
  const child = spawn(process.execPath, [resolve(root, 'src-main/web/cli.ts')], {
    cwd: root,
    env: { ...process.env, FLOWDECK_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const launchUrl = await new Promise<string>((ok, fail) => {
    let out = ''
    const timer = setTimeout(() => fail(new Error(`web mode did not start:\n${out}`)), 30_000)
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      const match = /Open: (http:\/\/\S+)/.exec(out)
      if (match) {
        clearTimeout(timer)
        ok(match[1]!)
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()))
    child.on('exit', (code) => fail(new Error(`web mode exited with ${code}:\n${out}`)))
  })
  return { launchUrl, process: child, dataDir }
}

export const test = base.extend<object, { webApp: WebApp }>({
  webApp: [
    // Playwright reads fixture dependencies from the destructuring pattern: it must be {}.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const app = await startWebApp()
      await use(app)
      await new Promise<void>((ok) => {
        app.process.once('exit', () => ok())
        app.process.kill('SIGTERM')
      })
      rmSync(app.dataDir, { recursive: true, force: true })
    },
    { scope: 'worker' },
  ],
})

export { expect }
