// Knowledge as a user browses it: create a base, upload documents and watch them complete,
// sort the list by a column.
import { expect, openApp, test } from '../fixtures.ts'
import { capture, pickConnection, scan, serviceHas } from './ui.ts'

test.beforeEach(async ({ webApp, seed }) => {
  test.skip(
    !(await serviceHas(webApp, seed, 'GET', `/api/v1/knowledge?workspaceId=${seed.workspaceId}`)),
    'the local service has no knowledge routes yet (src-service is still being built)',
  )
})

test('create a base, upload documents to completion, browse and sort them', async ({
  page,
  webApp,
}) => {
  await openApp(page, webApp, '#/knowledge')
  await pickConnection(page, 'This computer')
  await page.getByRole('button', { name: 'New knowledge base' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'New knowledge base' })
  const name = `Handbook ${Date.now()}`
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByLabel('Overlap').fill('900')
  await expect(dialog.getByText('Between 0 and 500 tokens.')).toBeVisible()
  await dialog.getByLabel('Overlap').fill('100')
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog).toBeHidden()
  await page.getByRole('link', { name: new RegExp(name) }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

  const files = [
    { name: 'b-short.txt', text: 'Short note about tides.' },
    { name: 'a-long.txt', text: 'A much longer document. '.repeat(200) },
    { name: 'c-medium.md', text: '# Medium\n\n' + 'Some words here. '.repeat(40) },
  ]
  for (const f of files) {
    await page.getByLabel('Document to upload').setInputFiles({
      name: f.name,
      mimeType: 'text/plain',
      buffer: Buffer.from(f.text),
    })
    const upload = page.getByRole('listitem', { name: `Upload of ${f.name}` })
    await expect(upload).toBeVisible()
    await expect(upload.getByText('Completed')).toBeVisible({ timeout: 30_000 })
  }
  const docs = page.getByRole('table', { name: 'Documents' })
  await expect(docs.getByRole('row')).toHaveCount(4)
  await docs.getByRole('button', { name: 'File' }).click()
  await expect(docs.getByRole('row').nth(1)).toContainText('a-long.txt')
  await docs.getByRole('button', { name: 'Size' }).click()
  await expect(docs.getByRole('columnheader', { name: /Size/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  )
  await expect(docs.getByRole('row').nth(1)).toContainText('b-short.txt')
  await page.getByLabel('Search file names').fill('medium')
  await expect(docs.getByRole('row')).toHaveCount(2)
  await capture(page, 'knowledge-documents')
  await scan(page)
  await docs.getByRole('link', { name: 'c-medium.md' }).click()
  const detail = page.getByRole('dialog', { name: 'c-medium.md' })
  await expect(detail.getByText('Characters')).toBeVisible()
  await capture(page, 'knowledge-document')
})
