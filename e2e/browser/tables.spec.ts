// Tables as a workspace admin uses them: the seeded demo table (list, typed columns, a filter),
// edit a cell (persisted), a refused value shown on its cell, a 2,500-row CSV import in three
// batches, adding a column, sorting.
import type { Page } from '@playwright/test'
import { expect, openApp, test, type Seed, type WebApp } from '../fixtures.ts'
import { api, capture, pickConnection, scan } from './ui.ts'

let counter = 0

/** A fresh table per test (arranged through the API; everything asserted goes through the UI). */
async function makeTable(app: WebApp, seed: Seed, rows: Record<string, unknown>[]) {
  const name = `people_${Date.now()}_${counter++}`
  const created = await api(app, seed.keys.personal, 'POST', '/api/v1/tables', {
    workspaceId: seed.workspaceId,
    name,
    description: 'People for the e2e suite',
    schema: {
      columns: [
        { name: 'name', type: 'string', required: true },
        { name: 'age', type: 'number' },
        { name: 'city', type: 'string' },
      ],
    },
  })
  expect(created.status, JSON.stringify(created.json)).toBeLessThan(300)
  const id = (created.json as { data: { table: { id: string } } }).data.table.id
  if (rows.length) {
    const inserted = await api(app, seed.keys.personal, 'POST', `/api/v1/tables/${id}/rows`, {
      workspaceId: seed.workspaceId,
      rows,
    })
    expect(inserted.status, JSON.stringify(inserted.json)).toBeLessThan(300)
  }
  return { id, name }
}

async function openTable(page: Page, app: WebApp, id: string, name: string) {
  await openApp(page, app, `#/tables/${id}`)
  await pickConnection(page, 'This computer')
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  return page.getByRole('grid', { name: `Rows of ${name}` })
}

test('edit a cell and see it persisted after reload', async ({ page, webApp, seed }) => {
  const t = await makeTable(webApp, seed, [
    { name: 'Ada', age: 36, city: 'London' },
    { name: 'Grace', age: 45, city: 'Arlington' },
  ])
  const grid = await openTable(page, webApp, t.id, t.name)
  await grid.getByRole('gridcell', { name: 'London' }).dblclick()
  const input = grid.getByRole('textbox', { name: 'Edit city of row 1' })
  await input.fill('Cambridge')
  await input.press('Enter')
  await expect(grid.getByRole('gridcell', { name: 'Cambridge' })).toBeVisible()
  await capture(page, 'table-rows')
  await scan(page)
  await page.reload()
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
  await expect(grid.getByRole('gridcell', { name: 'Cambridge' })).toBeVisible()
  await expect(grid.getByRole('gridcell', { name: 'London' })).toHaveCount(0)
})

test('a value the service refuses is shown on its cell, keeping what was typed', async ({
  page,
  webApp,
  seed,
}) => {
  const t = await makeTable(webApp, seed, [{ name: 'Ada', age: 36, city: 'London' }])
  const grid = await openTable(page, webApp, t.id, t.name)
  await grid.getByRole('gridcell', { name: '36' }).dblclick()
  const input = grid.getByRole('textbox', { name: 'Edit age of row 1' })
  await input.fill('thirty-six')
  await input.press('Enter')
  await expect(grid.getByRole('alert')).toBeVisible()
  await expect(input).toHaveValue('thirty-six')
  await expect(input).toHaveAttribute('aria-invalid', 'true')
  await capture(page, 'table-cell-error')
  await input.press('Escape')
  await expect(grid.getByRole('gridcell', { name: '36' })).toBeVisible()
})

test('import a 2,500-row CSV in three batches', async ({ page, webApp, seed }) => {
  const t = await makeTable(webApp, seed, [])
  const grid = await openTable(page, webApp, t.id, t.name)
  await expect(grid.getByText('This table has no rows yet.')).toBeVisible()
  const lines = ['name,age,city']
  for (let i = 0; i < 2500; i++) lines.push(`Person ${i},${20 + (i % 50)},City ${i % 7}`)
  await page.getByRole('button', { name: 'Import CSV' }).click()
  const dialog = page.getByRole('dialog', { name: /Import CSV/ })
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'people.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.join('\n')),
  })
  await expect(dialog.getByText('2,500 rows ready')).toBeVisible()
  await capture(page, 'csv-import-preview')
  await dialog.getByRole('button', { name: 'Import 2,500 rows (3 batches)' }).click()
  await expect(dialog.getByText('3 of 3 batches')).toBeVisible({ timeout: 30_000 })
  await expect(dialog.getByText('2,500 rows imported')).toBeVisible()
  await capture(page, 'csv-import-done')
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByText('2,500 rows', { exact: true })).toBeVisible()
  await expect(grid).toHaveAttribute('aria-rowcount', '2501')
})

test('add a column and sort by a column', async ({ page, webApp, seed }) => {
  const t = await makeTable(webApp, seed, [
    { name: 'Ada', age: 36 },
    { name: 'Grace', age: 45 },
    { name: 'Linus', age: 28 },
  ])
  const grid = await openTable(page, webApp, t.id, t.name)
  await page.getByRole('button', { name: 'Add column' }).click()
  const dialog = page.getByRole('dialog', { name: /Add a column/ })
  await dialog.getByLabel('Column name').fill('email')
  await dialog.getByLabel('Type').selectOption('string')
  await dialog.getByLabel('Unique (exact, case-sensitive)').check()
  await dialog.getByRole('button', { name: 'Add column' }).click()
  await expect(dialog).toBeHidden()
  await expect(grid.getByRole('columnheader', { name: /email/ })).toBeVisible()
  await page.getByRole('tab', { name: /Schema/ }).click()
  const schema = page.getByRole('table', { name: 'Schema' })
  await expect(schema.getByRole('row', { name: /email/ })).toContainText('Yes')
  await page.getByRole('tab', { name: 'Rows' }).click()

  await grid.getByRole('button', { name: 'age' }).click()
  await expect(grid.getByRole('columnheader', { name: /age/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  )
  await expect(grid.getByRole('row').nth(1)).toContainText('Linus')
  await grid.getByRole('button', { name: 'age' }).click()
  await expect(grid.getByRole('row').nth(1)).toContainText('Grace')
})

test('the seeded demo table: in the list, its typed columns, and a filter', async ({
  page,
  webApp,
  seed,
}) => {
  expect(seed.tableId).toEqual(expect.any(String))
  await openApp(page, webApp, '#/tables')
  await pickConnection(page, 'This computer')
  const card = page.getByRole('link', { name: /contacts/ })
  await expect(card).toContainText('8 columns')
  await expect(page.getByRole('progressbar', { name: 'contacts capacity' })).toHaveAttribute(
    'aria-valuenow',
    '50',
  )
  await capture(page, 'tables-list')
  await scan(page)

  await card.click()
  await expect(page.getByRole('heading', { level: 1, name: 'contacts' })).toBeVisible()
  const grid = page.getByRole('grid', { name: 'Rows of contacts' })
  await expect(grid).toHaveAttribute('aria-rowcount', '51')
  await expect(page.getByText('50 rows', { exact: true })).toBeVisible()
  for (const column of ['name', 'email', 'plan', 'seats', 'mrr', 'active', 'signedUp']) {
    await expect(grid.getByRole('columnheader', { name: new RegExp(column) })).toBeVisible()
  }
  await capture(page, 'table-seeded')
  await scan(page)

  await page.getByRole('button', { name: 'Filter' }).click()
  const condition = page.getByRole('group', { name: 'Condition 1' })
  await condition.getByLabel('Column').selectOption('plan')
  await condition.getByLabel('Operator').selectOption('$eq')
  await condition.getByLabel('Value').fill('enterprise')
  await page.getByRole('button', { name: 'Apply filter' }).click()
  // Every third contact (2, 5, ..., 47) is on the enterprise plan.
  await expect(page.getByText('16 matching rows', { exact: true })).toBeVisible()
  await expect(grid).toHaveAttribute('aria-rowcount', '17')
  await expect(grid.getByRole('gridcell', { name: 'pro', exact: true })).toHaveCount(0)
  await grid.getByRole('button', { name: 'seats' }).click()
  await expect(grid.getByRole('columnheader', { name: /seats/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  )
  await capture(page, 'table-filtered')
})
