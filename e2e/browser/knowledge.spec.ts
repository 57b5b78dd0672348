// Knowledge as a user browses it: the seeded handbook, creating a base, uploading documents and
// watching them complete (and one fail), sorting and searching the list, a document's detail.
import { expect, openApp, test } from '../fixtures.ts'
import { api, capture, pickConnection, scan } from './ui.ts'

test('the seeded handbook shows its processed documents and their detail', async ({
  page,
  webApp,
  seed,
}) => {
  await openApp(page, webApp, '#/knowledge')
  await pickConnection(page, 'This computer')
  const card = page.getByRole('link', { name: /Product handbook/ })
  await expect(card).toContainText('3 documents')
  await capture(page, 'knowledge-bases')
  await scan(page)
  await card.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Product handbook' })).toBeVisible()
  const docs = page.getByRole('table', { name: 'Documents' })
  await expect(docs.getByRole('row')).toHaveCount(4)
  for (const name of ['api-keys.txt', 'faq.html', 'getting-started.md']) {
    await expect(docs.getByRole('row', { name: new RegExp(name) })).toContainText('Completed')
  }
  await capture(page, 'knowledge-handbook')
  await docs.getByRole('link', { name: 'faq.html' }).click()
  const detail = page.getByRole('dialog', { name: 'faq.html' })
  await expect(detail.getByText('Completed')).toBeVisible()
  await expect(detail.getByText('text/html')).toBeVisible()
  await capture(page, 'knowledge-handbook-document')
  await scan(page)
  await detail.getByRole('button', { name: 'Close' }).click()
  await expect(detail).toBeHidden()

  // Editing: the service does not send chunking back, so empty fields keep what is stored.
  await page.getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Product handbook' })
  await expect(edit.getByLabel('Max chunk size')).toHaveValue('')
  await expect(edit.getByLabel('Max chunk size')).toHaveAttribute('placeholder', 'Unchanged')
  await edit.getByLabel('Overlap').fill('60')
  await capture(page, 'knowledge-edit')
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(edit).toBeHidden()
  await expect(page.getByText('Knowledge base saved', { exact: true })).toBeVisible()
  const audit = await api(
    webApp,
    seed.keys.personal,
    'GET',
    `/api/v1/audit-logs?action=knowledge_base.updated&resourceId=${seed.knowledgeBaseId}`,
  )
  const entries = (audit.json as { data: { metadata: { chunkingConfig?: unknown } }[] }).data
  // Only the overlap changed; the seeded maxSize and minSize are still there.
  expect(entries[0]?.metadata.chunkingConfig).toEqual({ maxSize: 256, minSize: 100, overlap: 60 })
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
  for (const f of files) {
    await expect(docs.getByRole('row', { name: new RegExp(f.name) })).toContainText('Completed')
  }
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
  await expect(detail.getByText('Completed')).toBeVisible()
  await capture(page, 'knowledge-document')
})

test('an unreadable upload ends as failed with the reason, a wrong type is refused', async ({
  page,
  webApp,
}) => {
  await openApp(page, webApp, '#/knowledge')
  await pickConnection(page, 'This computer')
  await page.getByRole('link', { name: /Product handbook/ }).click()
  await page.getByLabel('Document to upload').setInputFiles({
    name: 'scan.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00]),
  })
  const upload = page.getByRole('listitem', { name: 'Upload of scan.txt' })
  await expect(upload.getByText('Failed')).toBeVisible({ timeout: 30_000 })
  await expect(upload).toContainText('not valid UTF-8')
  await page.getByLabel('Document to upload').setInputFiles({
    name: 'slides.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7'),
  })
  await expect(page.getByText(/Unsupported file type for "slides.pdf"/)).toBeVisible()
  await capture(page, 'knowledge-upload-problems')
  // The failed one stays listed (so it can be seen and deleted); nothing for the PDF.
  const docs = page.getByRole('table', { name: 'Documents' })
  await expect(docs.getByRole('row', { name: /scan\.txt/ })).toContainText('Failed')
  await expect(docs.getByRole('row', { name: /slides\.pdf/ })).toHaveCount(0)
})
