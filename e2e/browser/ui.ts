// Shared steps of the browser-mode specs: screenshots in both themes, axe scans, and direct
// calls to the local service (to set up or check state behind the UI's back).
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, type WebApp } from '../fixtures.ts'

export async function capture(page: Page, file: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.screenshot({
      path: `e2e/screenshots/${file}-${scheme}.png`,
      fullPage: true,
      animations: 'disabled',
    })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

export async function scan(page: Page) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    // Colours ease between themes; scan what the user sees once they have settled.
    await page.waitForFunction(() => {
      // Runs in the page (this project's node tsconfig has no DOM types).
      const doc = (globalThis as unknown as { document: { getAnimations(): object[] } }).document
      return !doc.getAnimations().some((a) => a.constructor.name === 'CSSTransition')
    })
    const results = await new AxeBuilder({ page }).analyze()
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(
      bad.map(
        (v) =>
          `${scheme}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

/** Calls the local service directly (test setup only; the UI goes through the bridge). */
export async function api(
  app: WebApp,
  key: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const res = await fetch(app.localUrl + path, {
    method,
    headers: { 'X-API-Key': key, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  let json: unknown = null
  try {
    json = JSON.parse(text)
  } catch {
    json = text
  }
  return { status: res.status, json }
}

/** Picks a connection in the always-visible switcher. */
export async function pickConnection(page: Page, name: string) {
  await page.getByRole('button', { name: /^Connection:/ }).click()
  await page.getByRole('radio', { name }).click()
  await expect(page.getByRole('button', { name: new RegExp(`^Connection: ${name}`) })).toBeVisible()
}
