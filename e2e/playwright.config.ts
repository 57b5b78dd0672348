import { defineConfig } from '@playwright/test'

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export default defineConfig({
  testDir: '.',
  outputDir: '../test-results',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  projects: [
    {
      name: 'browser',
      testMatch: 'browser/**/*.spec.ts',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: process.env.FLOWDECK_CHROMIUM || undefined,
          args: chromiumArgs,
        },
      },
    },
    { name: 'electron', testMatch: 'electron/**/*.spec.ts' },
  ],
})
