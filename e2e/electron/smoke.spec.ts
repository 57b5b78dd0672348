// The desktop app itself (Playwright _electron): skipped with one line where the Electron
// binary is not installed; scripts/e2e.ts says so too.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { _electron as electron, expect, test } from '@playwright/test'

const binary = process.env.FLOWDECK_ELECTRON
test.skip(!binary, 'Electron binary not installed here; the Electron suite is skipped.')

async function launch() {
  const home = mkdtempSync(join(tmpdir(), 'flowdeck-electron-'))
  const app = await electron.launch({
    executablePath: binary!,
    // A private profile per test: its own connections, keychain entries and local service.
    args: [resolve(import.meta.dirname, '../..'), '--no-sandbox', `--user-data-dir=${home}`],
  })
  return {
    app,
    home,
    done: async () => (await app.close(), rmSync(home, { recursive: true, force: true })),
  }
}

test('the desktop window opens with the security settings of the checklist', async () => {
  const { app, done } = await launch()
  const page = await app.firstWindow()
  await expect(page.getByRole('heading', { name: 'Flowdeck' })).toBeVisible()
  const prefs = await app.evaluate(({ BrowserWindow }) => {
    const w = BrowserWindow.getAllWindows()[0]!
    // getLastWebPreferences is public API but missing from some Electron typings.
    const wc = w.webContents as unknown as { getLastWebPreferences(): Record<string, unknown> }
    const p = wc.getLastWebPreferences()
    return { ci: p.contextIsolation, sandbox: p.sandbox, ni: p.nodeIntegration, wv: p.webviewTag }
  })
  expect(prefs).toEqual({ ci: true, sandbox: true, ni: false, wv: false })
  expect(
    await page.evaluate(() => typeof (globalThis as unknown as { require?: unknown }).require),
  ).toBe('undefined')
  // window.open is denied; navigation away from our page is refused.
  const opened = await page.evaluate(() =>
    (globalThis as unknown as { open(url: string): unknown }).open('https://example.com'),
  )
  expect(opened).toBeNull()
  await done()
})

test('runs a demo workflow of "This computer" through the bridge', async () => {
  const { app, done } = await launch()
  const page = await app.firstWindow()
  await expect(page.getByRole('listitem').filter({ hasText: /^greeting$/ })).toBeVisible({
    timeout: 30_000,
  })
  type Answer = { ok: boolean; data?: unknown; error?: unknown }
  type Bridge = Record<string, (input: unknown) => Promise<Answer>>
  const result = await page.evaluate(async () => {
    const bridge = (globalThis as unknown as { flowdeck: Bridge }).flowdeck
    const connections = (await bridge['connections:list']!({})).data as {
      id: string
      kind: string
    }[]
    const local = connections.find((c) => c.kind === 'local')!
    const page = (await bridge['workflows:list']!({ connectionId: local.id })).data as {
      data: { id: string; name: string }[]
    }
    const greeting = page.data.find((w) => w.name === 'greeting')!
    return bridge['runs:start']!({
      connectionId: local.id,
      workflowId: greeting.id,
      mode: 'sync',
      input: { name: 'Ada' },
    })
  })
  expect(result.ok).toBe(true)
  expect(JSON.stringify(result)).not.toContain('sk-service-')
  await done()
})
