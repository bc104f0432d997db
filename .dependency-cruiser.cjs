/*
 * The layers of docs/architecture.md, checked by `npm run lint` (depcruise). An arrow runs down
 * this list and never back:
 *   bin, src/main.ts, src/registry.ts  ->  commands/  ->  src/cli/  ->  src/client/
 *   ->  src/server/ (controls, admin, web  ->  handlers -> services -> views -> lib -> model)
 *   ->  src/store/  ->  src/contract/ (zod only)
 * src/lib (the Git Sync format in src/lib/gitsync, page records and trees, path safety) is below
 * the command line and the server alike and imports neither, nor the store. What the two sides
 * share lives there. commands/, src/cli/ and src/client/ enter src/server/ only through its
 * doors (`doors` below); the composition roots (src/main.ts, src/registry.ts, src/index.ts) wire
 * the rest.
 */
const server = '^src/server/';
/** The server's doors: the only modules of src/server the command line, its framework and the client import. */
const doors = [
  'embedded', // the embedded store and its app (and the App and ServerResources types)
  'serve', // startServer (gbctl serve) and startPreview (gbctl preview, gbctl open)
  'admin/index', // gbctl local, and the accounts check of gbctl store import
  'controls/index', // what gbctl emulator and gbctl api endpoints know of the test controls
  'folder-preview', // what gbctl preview DIR follows a folder with
  'dataset-check', // gbctl store import's reading of a dataset back through the API
].map((d) => `^src/server/${d}\\.ts$`);
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'modules that import each other cannot be read or tested one at a time',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-imports-only-zod',
      severity: 'error',
      comment: 'the catalogue is data every side reads; it depends on nothing of theirs',
      from: { path: '^src/contract/' },
      to: { pathNot: ['^src/contract/', '(^|/)node_modules/zod/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'lib-is-the-floor',
      severity: 'error',
      comment: 'src/lib is shared by the command line and the server, so it imports neither',
      from: { path: '^src/lib/' },
      to: { path: ['^src/(server|cli|client|store)/', '^commands/'] },
    },
    { name: 'store-below-server', severity: 'error', from: { path: '^src/store/' }, to: { path: ['^src/(server|cli|client)/', '^commands/'] } },
    {
      name: 'cli-not-commands',
      severity: 'error',
      comment: 'the framework is handed its commands by the composition root',
      from: { path: '^src/cli/' },
      to: { path: '^commands/' },
    },
    {
      name: 'cli-reaches-server-through-doors',
      severity: 'error',
      comment: 'commands reach the server only through its doors, so that what lies behind them can change without the command line',
      from: { path: '^(commands|src/cli|src/client)/' },
      to: { path: server, pathNot: doors },
    },
    { name: 'client-not-cli', severity: 'error', from: { path: '^src/client/' }, to: { path: ['^src/cli/', '^commands/'] } },
    {
      name: 'server-not-cli',
      severity: 'error',
      comment: 'the server runs without the command line',
      from: { path: server },
      to: { path: ['^src/cli/', '^src/client/', '^commands/'] },
    },
    {
      name: 'views-not-services',
      severity: 'error',
      comment: 'views present what services decided',
      from: { path: '^src/server/views/' },
      to: { path: ['^src/server/services/', '^src/server/handlers/', '^src/server/web/'] },
    },
    {
      name: 'lib-not-services-or-views',
      severity: 'error',
      from: { path: '^src/server/lib/' },
      to: { path: ['^src/server/(services|views|handlers|web|controls|admin)/'] },
    },
    {
      name: 'model-below-lib',
      severity: 'error',
      from: { path: '^src/server/model/' },
      to: { path: ['^src/server/(services|views|handlers|web|controls|admin|lib)/'] },
    },
    {
      name: 'services-not-handlers-or-web',
      severity: 'error',
      from: { path: '^src/server/services/' },
      to: { path: ['^src/server/(handlers|web|controls)/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^dist/', '^node_modules/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs'] },
  },
};
