import { expect, test } from '../fixtures.ts'

test('the page lists the demo workflows of "This computer" through the bridge', async ({
  page,
  webApp,
}) => {
  await page.goto(webApp.launchUrl)
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
  const list = page.getByRole('region', { name: 'Workflows on This computer' })
  await expect(list.getByRole('link', { name: 'greeting', exact: true })).toBeVisible()
  await expect(list.getByRole('link', { name: 'branching', exact: true })).toBeVisible()
})
