import { resolve } from 'node:path'
import { _electron as electron, expect, test } from '@playwright/test'

const binary = process.env.FLOWDECK_ELECTRON
test.skip(!binary, 'Electron binary not installed here; the Electron suite is skipped.')

test('the desktop window opens with the security settings of the checklist', async () => {
  const app = await electron.launch({
    executablePath: binary!,
    args: [resolve(import.meta.dirname, '../..'), '--no-sandbox'],
  })
  const window = await app.firstWindow()
  await expect(window.getByRole('heading', { name: 'Flowdeck' })).toBeVisible()
  const prefs = await app.evaluate(({ BrowserWindow }) => {
    const w = BrowserWindow.getAllWindows()[0]!
    // getLastWebPreferences is public API but missing from some Electron typings.
    const wc = w.webContents as unknown as { getLastWebPreferences(): Record<string, unknown> }
    const p = wc.getLastWebPreferences()
    return { ci: p.contextIsolation, sandbox: p.sandbox, ni: p.nodeIntegration }
  })
  expect(prefs).toEqual({ ci: true, sandbox: true, ni: false })
  expect(
    await window.evaluate(() => typeof (window as unknown as { require?: unknown }).require),
  ).toBe('undefined')
  await app.close()
})
