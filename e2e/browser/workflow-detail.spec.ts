import { expect, openApp, test } from '../fixtures.ts'
import { capture, pickConnection, scan } from './ui.ts'

test('a workflow shows its inputs and a run form; the JSON editor works under the CSP and keeps bad input', async ({
  page,
  webApp,
  seed,
}) => {
  // Every CSP violation on the page, by directive. CodeMirror sets one style attribute
  // (tab-size on its content element), which style-src-attr refuses harmlessly; anything
  // else (a <style> element, eval) would mean styles or code did not load.
  await page.addInitScript(() => {
    // Runs in the page (this project's node tsconfig has no DOM types).
    type Violation = { violatedDirective: string }
    const doc = globalThis as unknown as {
      document: { addEventListener(t: string, f: (e: Violation) => void): void }
    }
    doc.document.addEventListener('securitypolicyviolation', (e) =>
      console.log(`csp-violation ${e.violatedDirective}`),
    )
  })
  const cspErrors: string[] = []
  page.on('console', (m) => {
    const match = /^csp-violation (\S+)/.exec(m.text())
    if (match && match[1] !== 'style-src-attr') cspErrors.push(match[1]!)
  })
  await openApp(page, webApp, `#/workflows/${seed.workflows.greeting}`)
  await pickConnection(page, 'This computer')
  await expect(page.getByRole('heading', { level: 1, name: 'greeting' })).toBeVisible()
  const inputs = page.getByRole('region', { name: 'Inputs' })
  await expect(inputs.getByRole('cell', { name: 'name', exact: true })).toBeVisible()
  await expect(page.getByText('Deployed').first()).toBeVisible()
  await capture(page, 'workflow-detail')
  await scan(page)

  await page.getByRole('tab', { name: 'Raw JSON' }).click()
  const editor = page.getByRole('textbox', { name: 'Workflow input as JSON' })
  await expect(editor).toBeVisible()
  // CodeMirror's styles arrive through adoptedStyleSheets: the gutter is laid out beside the text.
  const gutter = await page.locator('.cm-gutters').boundingBox()
  const content = await page.locator('.cm-content').boundingBox()
  expect(gutter && content && gutter.x + gutter.width <= content.x + 1).toBe(true)
  await editor.click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('{ "name": ')
  await page.getByRole('button', { name: 'Run workflow' }).click()
  await expect(page.getByText(/Not valid JSON/)).toBeVisible()
  await expect(editor).toContainText('"name":')
  await capture(page, 'run-raw-json-error')

  await page.getByRole('tab', { name: 'Input fields' }).click()
  await page.getByRole('button', { name: 'Execution controls' }).click()
  await page.getByRole('radio', { name: 'Run in background' }).click()
  await expect(page.getByText(/refuses these controls for background runs/)).toBeVisible()
  await expect(page.getByLabel('Stop after block')).toBeDisabled()
  await capture(page, 'run-async-controls')
  expect(cspErrors).toEqual([])
})
