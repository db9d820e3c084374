// The architecture's rules, checked by `npm run lint` (scripts/architecture.mjs, with
// dependency-cruiser): no import cycles, packages never import the apps, SQL only in repositories
// and another module entered by its front door (its index.ts) only; each fails the run. See
// docs/architecture.md.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Import cycles hide who depends on whom; break them with an event or a front door.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'packages-never-import-apps',
      comment: 'A package is built on by the apps, never the other way round.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'sql-only-in-repositories',
      comment:
        'drizzle-orm and the schema are used by *.repository.ts, db/ and platform/ only ' +
        '(docs/architecture.md).',
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: [
          '\\.repository\\.ts$',
          '^apps/server/src/(db|platform)/',
          '\\.test\\.ts$',
          '\\.test-support\\.ts$',
        ],
      },
      to: { path: ['node_modules/drizzle-orm/', '^apps/server/src/db/schema'] },
    },
    {
      name: 'module-front-door',
      comment:
        "Another module's files are reached through its index.ts only; where that closes a " +
        'cycle, move what is shared to the module that owns it (docs/architecture.md).',
      severity: 'error',
      // Tests and their support files reach any module's parts.
      from: {
        path: '^apps/server/src/modules/([^/]+)/',
        pathNot: ['\\.test\\.ts$', '\\.test-support\\.ts$'],
      },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules/(?!drizzle-orm/)', '/dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
