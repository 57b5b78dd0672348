import { expect, test } from '../fixtures.ts'

test('browser mode opens through the launch token and reaches main over the bridge', async ({
  page,
  webApp,
}) => {
  await page.goto(webApp.launchUrl)
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  await expect(page.getByRole('button', { name: /Connection: This computer/ })).toBeVisible()
})

test('without the launch token the page and the bridge stay closed', async ({ page, webApp }) => {
  const origin = new URL(webApp.launchUrl).origin
  const res = await page.goto(origin + '/')
  expect(res?.status()).toBe(401)
  const call = await page.request.post(origin + '/__flowdeck/call/app:info', {
    headers: { 'X-Flowdeck-Bridge': '1' },
    data: {},
  })
  expect(call.status()).toBe(401)
})
