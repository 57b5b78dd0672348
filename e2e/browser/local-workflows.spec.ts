import { expect, test } from '../fixtures.ts'

test('the page lists the demo workflows of "This computer" through the bridge', async ({
  page,
  webApp,
}) => {
  await page.goto(webApp.launchUrl)
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
  const list = page.getByRole('region', { name: 'Workflows on This computer' })
  await expect(list.getByRole('listitem').filter({ hasText: /^greeting$/ })).toBeVisible()
  await expect(list.getByRole('listitem').filter({ hasText: /^branching$/ })).toBeVisible()
  await page.screenshot({ path: 'e2e/screenshots/local-workflows.png' })
})
