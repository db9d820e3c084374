import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './specs',
  outputDir: './artifacts/test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One spec file at a time; E2E_WORKERS=2 runs two, each worker with its own server
  // (fixtures.ts), on a machine with cores to spare.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  reporter: [['list']],
  use: {
    locale: 'zh-CN',
    timezoneId: 'UTC',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
