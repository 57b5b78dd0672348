// Every screen, in light and dark: a screenshot under e2e/screenshots/ and an axe-core scan
// with no serious or critical violation.
import type { Page } from '@playwright/test'
import { expect, openApp, test } from '../fixtures.ts'
import { capture, scan } from './ui.ts'

const SCREENS = [
  { name: 'Workflows', heading: 'Workflows' },
  { name: 'Jobs', heading: 'Jobs' },
  { name: 'Logs', heading: 'Logs' },
  { name: 'Tables', heading: 'Tables' },
  { name: 'Knowledge', heading: 'Knowledge' },
  { name: 'Docs', heading: 'Docs' },
  { name: 'Usage', heading: 'Usage' },
  { name: 'Audit', heading: 'Audit' },
  { name: 'Connections', heading: 'Connections' },
  { name: 'Settings', heading: 'Settings' },
]

async function settle(page: Page) {
  // Loading skeletons are role=status; wait until none is left on the page.
  await expect(page.locator('.skeleton-list')).toHaveCount(0)
}

for (const s of SCREENS) {
  test(`${s.name} screen: screenshot in light and dark, no serious axe violation`, async ({
    page,
    webApp,
  }) => {
    await page.setViewportSize({ width: 1360, height: 860 })
    await openApp(page, webApp)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: s.name }).click()
    await expect(page.getByRole('heading', { level: 1, name: s.heading })).toBeVisible()
    await settle(page)
    await capture(page, s.name.toLowerCase())
    await scan(page)
  })
}

test('command palette jumps to a screen and to a workflow', async ({ page, webApp }) => {
  await openApp(page, webApp)
  await page.keyboard.press('Control+k')
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  await expect(palette).toBeVisible()
  await palette.getByRole('combobox').fill('greet')
  await expect(palette.getByRole('option', { name: 'greeting' })).toBeVisible()
  await capture(page, 'command-palette')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'greeting' })).toBeVisible()
  await page.keyboard.press('Control+k')
  await palette.getByRole('combobox').fill('usage')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible()
})
