import { expect, openApp, test } from '../fixtures.ts'
import { capture, scan, pickConnection } from './ui.ts'

test('add a connection with a key, test it, and see the audit log refuse an organization key', async ({
  page,
  webApp,
  seed,
}) => {
  await openApp(page, webApp, '#/connections')
  await expect(page.getByRole('heading', { level: 1, name: 'Connections' })).toBeVisible()
  await page.getByRole('button', { name: 'Add connection' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Add a connection' })
  await dialog.getByLabel('Name').fill('Org reader')
  await dialog.getByLabel('Base URL').fill(webApp.localUrl)
  await dialog.getByLabel('Workspace ID').fill(seed.workspaceId)
  await dialog.getByLabel('Key type').selectOption('organization')
  await dialog.getByLabel('API key').fill(seed.keys.organizationRead)
  await capture(page, 'connection-add')
  await dialog.getByRole('button', { name: 'Add connection' }).click()
  await expect(dialog).toBeHidden()

  const card = page.getByRole('article', { name: 'Org reader' })
  await expect(card.getByText('Key stored in the system keychain')).toBeVisible()
  await expect(card.getByText('In use')).toBeVisible()
  // The key never comes back to the page.
  await expect(page.getByText(seed.keys.organizationRead)).toHaveCount(0)
  await card.getByRole('button', { name: 'Test' }).click()
  await expect(card.getByText('Connection works')).toBeVisible()

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).click()
  const refusal = page.getByRole('alert').filter({ hasText: 'not open to this key' })
  await expect(refusal).toBeVisible()
  await expect(refusal).toContainText('Enterprise subscription')
  await expect(refusal).toContainText('organization key')
  await capture(page, 'audit-forbidden')
  await scan(page)
})

test('a wrong key is reported in words when testing the connection', async ({
  page,
  webApp,
  seed,
}) => {
  await openApp(page, webApp, '#/connections')
  await page.getByRole('button', { name: 'Add connection' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Add a connection' })
  await dialog.getByLabel('Name').fill('Wrong key')
  await dialog.getByLabel('Base URL').fill(webApp.localUrl)
  await dialog.getByLabel('Workspace ID').fill(seed.workspaceId)
  await dialog.getByLabel('API key').fill('sk-service-not-a-real-key-000000000000000000')
  await dialog.getByRole('button', { name: 'Add connection' }).click()
  const card = page.getByRole('article', { name: 'Wrong key' })
  await card.getByRole('button', { name: 'Test' }).click()
  await expect(card.getByText('Connection failed')).toBeVisible()
  await expect(card.getByText(/HTTP 401/)).toBeVisible()
})

test('the audit log lists entries with a personal key and opens one', async ({ page, webApp }) => {
  await openApp(page, webApp, '#/audit')
  await pickConnection(page, 'This computer')
  const entries = page.getByRole('table', { name: 'Audit entries' })
  await expect(entries.getByText('workflow.deployed').first()).toBeVisible()
  await entries.getByRole('row').nth(1).getByRole('button').click()
  const detail = page.getByRole('region', { name: 'Audit entry' })
  await expect(detail.getByText('Demo Owner')).toBeVisible()
  await capture(page, 'audit-detail')
  await scan(page)
})
