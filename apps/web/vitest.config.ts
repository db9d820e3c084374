import type { TestProjectInlineConfiguration } from 'vitest/config';

const common = {
  root: import.meta.dirname,
  environment: 'jsdom',
  setupFiles: ['src/test/jsdom-setup.ts'],
  env: { TZ: 'UTC' },
  // A test's time is the machine's, not the code's: rendering antd in jsdom takes 1–4 s for some
  // tests on a busy 2-core box, past vitest's default 5 s on a slower one. Speed is measured by
  // bench/ against a baseline, never by a test's timeout (as the server projects do).
  testTimeout: 60_000,
  hookTimeout: 60_000,
} satisfies TestProjectInlineConfiguration['test'];

/**
 * The web projects of the root vitest.config.ts. A test file that replaces modules (`vi.mock`)
 * is named `*.mocked.test.ts(x)` and runs in a module registry of its own; the others share their
 * worker's (no isolation): loading antd and jsdom once per worker rather than once per file is
 * most of the web suite's time. src/test/jsdom-setup.ts gives each test a clean language,
 * storage, stores and document.
 */
export const webProjects: TestProjectInlineConfiguration[] = [
  {
    test: {
      ...common,
      name: 'web',
      include: ['src/**/*.test.{ts,tsx}'],
      exclude: ['src/**/*.mocked.test.{ts,tsx}'],
      isolate: false,
    },
  },
  {
    test: { ...common, name: 'web-mocked', include: ['src/**/*.mocked.test.{ts,tsx}'] },
  },
];
