// Browser-mode fixture: a real `src-main/web/cli.ts` process per test file, opened through
// its one-time launch URL, exactly as a user does after `npm run web`.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { test as base, expect, type Page } from '@playwright/test'

const root = resolve(import.meta.dirname, '..')

export interface WebApp {
  launchUrl: string
  process: ChildProcess
  /** A fresh app data folder per worker: connections, "This computer" and its seeded service. */
  dataDir: string
  /** Where "This computer" (the local service) listens, as printed at start. */
  localUrl: string
}

/** What `seed --json` prints: the demo workspace, its workflows and one key of each type. */
export interface Seed {
  workspaceId: string
  keys: { personal: string; workspace: string; organizationWrite: string; organizationRead: string }
  workflows: Record<string, string>
  tableId?: string
  knowledgeBaseId?: string
}

/** Seed is idempotent: run again on the app's service folder, it hands back the same ids and keys. */
export function readSeed(app: WebApp): Seed {
  const out = execFileSync(
    process.execPath,
    [
      resolve(root, 'src-service/cli.ts'),
      'seed',
      '--data',
      join(app.dataDir, 'local-service'),
      '--json',
    ],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  )
  const line = out
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'))
  if (!line) throw new Error(`seed printed no JSON:\n${out}`)
  return JSON.parse(line) as Seed
}

/** Opens the app (through the launch URL once per page), optionally at a hash route, ready. */
export async function openApp(page: Page, app: WebApp, hash = '') {
  await page.goto(app.launchUrl)
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
  if (hash) {
    // Same document, new hash: the app routes without reloading.
    await page.goto(page.url().split('#')[0] + hash)
  }
}

/** Browser mode on a fresh data folder; `env` reaches the embedded local service too. */
export async function startWebApp(env: Record<string, string> = {}): Promise<WebApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flowdeck-e2e-'))
  const child = spawn(process.execPath, [resolve(root, 'src-main/web/cli.ts')], {
    cwd: root,
    env: { ...process.env, ...env, FLOWDECK_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let localUrl = ''
  const launchUrl = await new Promise<string>((ok, fail) => {
    let out = ''
    const timer = setTimeout(() => fail(new Error(`web mode did not start:\n${out}`)), 30_000)
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      const local = /is running at (http:\/\/\S+)/.exec(out)
      if (local) localUrl = local[1]!
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
  return { launchUrl, process: child, dataDir, localUrl }
}

export const test = base.extend<
  object,
  { serviceEnv: Record<string, string>; webApp: WebApp; seed: Seed }
>({
  // A spec file can give its app's service other settings: test.use({ serviceEnv: {...} }).
  serviceEnv: [{}, { scope: 'worker', option: true }],
  webApp: [
    async ({ serviceEnv }, use) => {
      const app = await startWebApp(serviceEnv)
      await use(app)
      await new Promise<void>((ok) => {
        app.process.once('exit', () => ok())
        app.process.kill('SIGTERM')
      })
      rmSync(app.dataDir, { recursive: true, force: true })
    },
    { scope: 'worker' },
  ],
  seed: [async ({ webApp }, use) => use(readSeed(webApp)), { scope: 'worker' }],
})

export { expect }
