// The browser for e2e on any machine: CHROMIUM_PATH, else Debian's /usr/bin/chromium,
// else Playwright's own Chromium (installed here when missing and the network allows).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chromium } from '@playwright/test'

export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  for (const c of candidates) if (c && existsSync(c)) return c
  const bundled = chromium.executablePath()
  return existsSync(bundled) ? bundled : null
}

export function ensureChromium(): string {
  const found = findChromium()
  if (found) return found
  console.log('No Chromium found; installing Playwright’s Chromium (needs the network)…')
  spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' })
  const after = findChromium()
  if (!after) {
    console.error(
      'No Chromium for the e2e suite: set CHROMIUM_PATH, install Debian’s chromium, ' +
        'or allow `npx playwright install chromium` to reach the network.',
    )
    process.exit(1)
  }
  return after
}
