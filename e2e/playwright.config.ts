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
    // As a user who turned motion off: antd's dialogs, menus and toasts appear and go at once
    // (AntdFrame), so a click never lands on something still moving into place.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // Recording a trace (a screencast and DOM snapshots of every action) costs about a third of a
    // spec's time on two cores: `E2E_TRACE=1` keeps one of each failed test; by default a failure
    // leaves its screenshot and error context (the page's accessibility snapshot).
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
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
