import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, openApp, test } from '../fixtures.ts'
import { api, capture, pickConnection, scan } from './ui.ts'

test('usage shows the sync and async buckets with their reset countdown and the period cost', async ({
  page,
  webApp,
}) => {
  await openApp(page, webApp, '#/usage')
  await pickConnection(page, 'This computer')
  const sync = page.getByRole('region', { name: 'Sync requests', exact: true })
  await expect(sync.getByText(/of [\d,]+ left/)).toBeVisible()
  await expect(sync.getByText(/Resets (in|now)/)).toBeVisible()
  // The countdown ticks while the screen is visible.
  const resets = sync.getByLabel('Sync resets')
  const shown = (await resets.textContent()) ?? ''
  await expect(resets).not.toHaveText(shown)
  await expect(page.getByRole('region', { name: 'Async requests', exact: true })).toBeVisible()
  const cost = page.getByRole('region', { name: 'Cost this period' })
  await expect(cost.getByText('of $5,000.00')).toBeVisible()
  await expect(cost.getByText(/% of the enterprise plan's budget used/)).toBeVisible()
  await expect(page.getByText('enterprise plan', { exact: true })).toBeVisible()
  // The workflow list answers with the per-key /api/v1 limit; Usage shows what it saw.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Workflows' })
    .click()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Usage' }).click()
  await expect(
    page.getByRole('region', { name: 'API rate limit for this key' }).getByText(/left/),
  ).toBeVisible()
  await capture(page, 'usage-live')
  await scan(page)
})

test('docs lists workspace files by scope and downloads one', async ({ page, webApp, seed }) => {
  // One file of this test's own, archived, so the Archived scope has something to show.
  const form = new FormData()
  form.set('workspaceId', seed.workspaceId)
  form.set('file', new Blob(['old,plan\n']), `old-plan-${Date.now()}.csv`)
  const uploaded = await fetch(`${webApp.localUrl}/api/v1/files`, {
    method: 'POST',
    headers: { 'X-API-Key': seed.keys.personal },
    body: form,
  })
  expect(uploaded.status).toBe(200)
  const old = ((await uploaded.json()) as { data: { file: { id: string; name: string } } }).data
    .file
  const archived = await api(webApp, seed.keys.personal, 'DELETE', `/api/v1/files/${old.id}`, {
    workspaceId: seed.workspaceId,
  })
  expect(archived.status).toBe(200)

  await openApp(page, webApp, '#/docs')
  await pickConnection(page, 'This computer')
  const files = page.getByRole('table', { name: 'Files' })
  for (const name of ['brand-colors.json', 'pricing.csv', 'release-notes.md']) {
    await expect(files.getByRole('row', { name: new RegExp(name) })).toBeVisible()
  }
  await expect(files.getByRole('row', { name: new RegExp(old.name) })).toHaveCount(0)
  await capture(page, 'docs-active')
  await scan(page)

  // Download: main fetches the bytes with the key; the page saves them.
  const downloading = page.waitForEvent('download')
  await files.getByRole('button', { name: 'Download pricing.csv' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('pricing.csv')
  const saved = readFileSync(await download.path())
  expect(saved.toString('utf8')).toBe(
    readFileSync(
      resolve(import.meta.dirname, '../../resources/demo-docs/files/pricing.csv'),
      'utf8',
    ),
  )

  await page.getByRole('radio', { name: 'Archived' }).click()
  await expect(files.getByRole('row')).toHaveCount(2)
  await expect(files.getByRole('row', { name: new RegExp(old.name) })).toContainText('archived')
  await page.getByRole('radio', { name: 'All' }).click()
  await expect(page.getByRole('radio', { name: 'All' })).toHaveAttribute('aria-checked', 'true')
  await expect(files.getByRole('row', { name: /pricing\.csv/ })).toBeVisible()
  await expect(files.getByRole('row', { name: new RegExp(old.name) })).toBeVisible()
  await expect(page.locator('.skeleton-list')).toHaveCount(0)
  await capture(page, 'docs-all')
})
