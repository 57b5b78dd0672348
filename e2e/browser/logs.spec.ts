// Execution logs as a user meets them: a run leaves an entry with its cost, filters narrow the
// list, and an entry opens with its execution data.
import { expect, openApp, test } from '../fixtures.ts'
import { api, capture, pickConnection, scan } from './ui.ts'

test('a run leaves a log entry with its cost; level filter and detail', async ({
  page,
  webApp,
  seed,
}) => {
  const key = seed.keys.personal
  const ok = await api(webApp, key, 'POST', `/api/workflows/${seed.workflows.greeting}/execute`, {
    name: 'Logs',
  })
  expect(ok.status).toBe(200)
  const failed = await api(
    webApp,
    key,
    'POST',
    `/api/workflows/${seed.workflows['fails-on-purpose']}/execute`,
    { reason: 'for the log' },
  )
  expect(failed.status).toBe(500)

  await openApp(page, webApp, '#/logs')
  await pickConnection(page, 'This computer')
  const table = page.getByRole('table', { name: 'Execution logs' })
  const greetingRow = table.getByRole('row').filter({ hasText: 'greeting' }).first()
  await expect(greetingRow).toBeVisible()
  // A run costs a fraction of a cent: shown, not rounded away to $0.00.
  await expect(greetingRow.getByRole('cell').last()).toHaveText(/^\$0\.00\d*[1-9]\d*$/)
  await capture(page, 'logs-entries')
  await scan(page)

  await page.getByLabel('Level').selectOption({ label: 'Error' })
  await expect(table.getByRole('row').filter({ hasText: 'fails-on-purpose' }).first()).toBeVisible()
  await expect(table.getByRole('row').filter({ hasText: 'greeting' })).toHaveCount(0)

  await table
    .getByRole('row')
    .filter({ hasText: 'fails-on-purpose' })
    .first()
    .getByRole('button')
    .click()
  const detail = page.getByRole('region', { name: 'Log entry' })
  await expect(detail.getByRole('heading', { name: 'fails-on-purpose' })).toBeVisible()
  await expect(detail.getByRole('group', { name: 'Execution data' })).toContainText('for the log')
  await capture(page, 'logs-detail')
})
