// Running workflows as a user does: each mode, a stream arriving in parts, an async job to
// completed, a paused run resumed, and "run again" from the local history.
import type { Page } from '@playwright/test'
import { expect, openApp, test, type Seed, type WebApp } from '../fixtures.ts'
import { capture, pickConnection, scan } from './ui.ts'

async function openWorkflow(page: Page, app: WebApp, seed: Seed, name: string) {
  await openApp(page, app, `#/workflows/${seed.workflows[name]}`)
  await pickConnection(page, 'This computer')
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
}

async function chooseMode(page: Page, mode: 'Wait for result' | 'Run in background' | 'Stream') {
  await page.getByRole('radiogroup', { name: 'Mode' }).getByRole('radio', { name: mode }).click()
}

test('wait for result: a Response block reply shows status, headers and body', async ({
  page,
  webApp,
  seed,
}) => {
  await openWorkflow(page, webApp, seed, 'greeting')
  await page.getByLabel(/^name/).fill('Ada')
  await page.getByRole('button', { name: 'Run workflow' }).click()
  const result = page.getByRole('region', { name: 'Result' })
  await expect(result.getByText('HTTP 200')).toBeVisible()
  await expect(result.getByRole('group', { name: 'Response body' })).toContainText('Hello, Ada!')
  await capture(page, 'run-response')
  await scan(page)
})

test('wait for result: output tree, metadata, and a failure in words', async ({
  page,
  webApp,
  seed,
}) => {
  await openWorkflow(page, webApp, seed, 'branching')
  await page.getByLabel(/^number/).fill('42')
  await page.getByRole('button', { name: 'Run workflow' }).click()
  const result = page.getByRole('region', { name: 'Result' })
  await expect(result.getByText('Succeeded')).toBeVisible()
  await expect(result.getByText('Duration')).toBeVisible()
  await capture(page, 'run-result')

  await openWorkflow(page, webApp, seed, 'fails-on-purpose')
  await page.getByLabel(/^reason/).fill('testing')
  await page.getByRole('button', { name: 'Run workflow' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'This workflow fails on purpose: testing' }),
  ).toBeVisible()
  await capture(page, 'run-failed')
})

test('stream: block outputs arrive in parts, then the final output', async ({
  page,
  webApp,
  seed,
}) => {
  await openWorkflow(page, webApp, seed, 'report')
  await chooseMode(page, 'Stream')
  await page.getByLabel(/^topic/).fill('tides')
  await page.getByLabel(/^stepMs/).fill('600')
  await page.getByRole('button', { name: 'Execution controls' }).click()
  await page.getByLabel('Selected outputs').fill('outline.result, draft.result, summary.result')
  await page.getByRole('button', { name: 'Run workflow' }).click()
  const stream = page.getByRole('region', { name: 'Stream' })
  // The first block's output is on screen while the run is still streaming the others.
  await expect(stream.getByRole('article', { name: 'Output of outline' })).toBeVisible()
  await expect(stream.getByRole('status')).toHaveText('Streaming')
  await expect(stream.getByRole('article', { name: 'Output of summary' })).toHaveCount(0)
  await capture(page, 'stream')
  await expect(stream.getByRole('article', { name: 'Output of summary' })).toBeVisible()
  await expect(stream.getByRole('status')).toHaveText('Finished')
  await expect(stream.getByRole('article')).toHaveCount(3)
  await scan(page)
})

test('run in background: the job goes to completed, in place and in Jobs', async ({
  page,
  webApp,
  seed,
}) => {
  await openWorkflow(page, webApp, seed, 'slow-job')
  await chooseMode(page, 'Run in background')
  await page.getByRole('button', { name: 'Execution controls' }).click()
  await expect(page.getByText(/refuses these controls for background runs/)).toBeVisible()
  await expect(page.getByLabel('Selected outputs')).toBeDisabled()
  await page.getByLabel(/^seconds/).fill('2')
  await page.getByRole('button', { name: 'Run workflow' }).click()
  const job = page.getByRole('region', { name: 'Background run' })
  await expect(job.getByText(/Queued|Processing/)).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' }).getByLabel(/running/)).toBeVisible()
  await capture(page, 'run-async')
  await expect(job.getByText('Completed')).toBeVisible({ timeout: 30_000 })
  await job.getByRole('link', { name: 'Open in Jobs' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Job slow-job' }).getByText('Completed', { exact: true }),
  ).toBeVisible()
  await capture(page, 'jobs-detail')
  await scan(page)
})

test('a paused run is resumed with input', async ({ page, webApp, seed }) => {
  await openWorkflow(page, webApp, seed, 'approval')
  await page.getByLabel(/^request/).fill('new laptop')
  await page.getByRole('button', { name: 'Run workflow' }).click()
  const result = page.getByRole('region', { name: 'Result' })
  await expect(result.getByText('Paused', { exact: true })).toBeVisible()
  const resume = page.getByRole('form', { name: 'Resume the paused run' })
  await capture(page, 'run-paused')
  await resume.getByRole('button', { name: 'Resume' }).click()
  await expect(page.getByRole('region', { name: 'Resumed run' })).toBeVisible()
})

test('run history: run again with the same inputs', async ({ page, webApp, seed }) => {
  await openWorkflow(page, webApp, seed, 'greeting')
  await page.getByLabel(/^name/).fill('Grace')
  await page.getByRole('button', { name: 'Run workflow' }).click()
  await expect(
    page.getByRole('region', { name: 'Result' }).getByText('Hello, Grace!'),
  ).toBeVisible()
  await page.getByLabel(/^name/).fill('Someone else')
  const history = page.getByRole('region', { name: 'Run history' })
  await history
    .getByRole('button', { name: /Run again/ })
    .first()
    .click()
  await expect(
    page.getByRole('region', { name: 'Result' }).getByText('Hello, Grace!'),
  ).toBeVisible()
  await expect(history.getByRole('listitem')).toHaveCount(2)
})
