// The execution rate limit as a user meets it, on an app whose service allows 2 sync runs a
// minute (burst 4): the fifth run is refused with the spec's 429, Usage shows the bucket as
// limited, and a run from the UI explains the refusal in words.
import { expect, openApp, test } from '../fixtures.ts'
import { api, capture, pickConnection, scan } from './ui.ts'

test.use({ serviceEnv: { RATE_LIMIT_ENTERPRISE_SYNC: '2' } })

test('an exhausted sync bucket: 429 from the service, Limited on Usage, words on a run', async ({
  page,
  webApp,
  seed,
}) => {
  const run = () =>
    api(webApp, seed.keys.personal, 'POST', `/api/workflows/${seed.workflows.greeting}/execute`, {
      name: 'Quota',
    })
  for (let i = 0; i < 4; i++) expect((await run()).status).toBe(200)
  const refused = await run()
  expect(refused.status).toBe(429)
  expect(refused.json).toMatchObject({ error: 'Rate limit exceeded. Please try again later.' })

  await openApp(page, webApp, '#/usage')
  await pickConnection(page, 'This computer')
  const sync = page.getByRole('region', { name: 'Sync requests', exact: true })
  await expect(sync.getByText('Limited', { exact: true })).toBeVisible()
  await expect(sync.getByRole('alert')).toContainText('Runs are refused (HTTP 429)')
  await expect(page.getByRole('region', { name: 'Async requests', exact: true })).toContainText(
    'Available',
  )
  await capture(page, 'usage-limited')
  await scan(page)

  await openApp(page, webApp, `#/workflows/${seed.workflows.greeting}`)
  await pickConnection(page, 'This computer')
  await page.getByLabel(/^name/).fill('Still typed')
  await page.getByRole('button', { name: 'Run workflow' }).click()
  const refusal = page.getByRole('alert').filter({ hasText: 'HTTP 429' })
  await expect(refusal).toContainText('Rate limit exceeded. Please try again later.')
  await expect(refusal).toContainText('Wait for the limit to reset; Usage shows when.')
  // What the user typed is still there.
  await expect(page.getByLabel(/^name/)).toHaveValue('Still typed')
  await capture(page, 'run-rate-limited')
})
