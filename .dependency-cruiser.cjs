/**
 * Layer rules checked by `npm run lint` (dependency-cruiser), as docs/architecture.md draws them: the ground floor
 * (vocabulary, db) imports nothing above it; the capabilities never import the HTTP edge or the faces; the shared HTTP
 * edge (src/main/http) sits below both faces; MCP and the /v1 routes never import each other, and only the
 * composition root (server/app.ts) imports both. No import cycle between files, nor between folders.
 */
module.exports = {
  forbidden: [
    {
      name: 'vocabulary-is-ground-floor',
      comment:
        'src/main/vocabulary may import only itself, db/ and src/shared: every feature reads names through it, never the other way round.',
      severity: 'error',
      from: { path: '^src/main/vocabulary/' },
      to: { path: '^src/main/', pathNot: ['^src/main/vocabulary/', '^src/main/db/'] },
    },
    {
      name: 'no-cycle-through-vocabulary',
      severity: 'error',
      from: { path: '^src/main/vocabulary/' },
      to: { circular: true },
    },
    {
      name: 'no-file-cycles',
      comment:
        'No import cycle anywhere: a cycle means two files are one concept, or one of them sits on the wrong layer.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycles',
      comment:
        'No cycle between folders either: two folders that import each other are one layer, or one of them holds a piece of the other (move it down).',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'capabilities-never-import-the-edge',
      comment:
        'The capabilities (and config, cli, the ground floor) know nothing of HTTP or MCP: an error they report is a domain error (e.g. the ErrorDetail of src/shared/field-errors.ts), never HttpError.',
      severity: 'error',
      from: {
        path: '^src/main/(chat|insights|tools|interactions|search|documents|compounds|monographs|keys|webhooks|ratelimit|content|config|cli|vocabulary|db)/',
      },
      to: { path: '^src/main/(http|server|mcp)/' },
    },
    {
      name: 'capabilities-below-the-composers',
      comment: 'chat, insights and tools compose the other capabilities; nothing they compose imports them back.',
      severity: 'error',
      from: {
        path: '^src/main/(interactions|search|documents|compounds|monographs|keys|webhooks|ratelimit|content|config|cli|vocabulary|db)/',
      },
      to: { path: '^src/main/(chat|insights|tools)/' },
    },
    {
      name: 'http-edge-below-the-faces',
      comment:
        'src/main/http (HttpError, validation, middleware, the handler contract) is shared by /v1 and /mcp and imports neither.',
      severity: 'error',
      from: { path: '^src/main/http/' },
      to: { path: '^src/main/(server|mcp)/' },
    },
    {
      name: 'mcp-never-imports-server',
      comment:
        'The MCP face reaches the /v1 handlers through the handler map it is given, never through src/main/server.',
      severity: 'error',
      from: { path: '^src/main/mcp/' },
      to: { path: '^src/main/server/' },
    },
    {
      name: 'only-the-composition-root-imports-mcp',
      comment: 'server/app.ts mounts /v1 and /mcp on one app; no other module outside mcp/ imports the MCP face.',
      severity: 'error',
      from: { path: '^src/main/', pathNot: ['^src/main/mcp/', '^src/main/server/app[.]ts$'] },
      to: { path: '^src/main/mcp/' },
    },
    {
      name: 'electron-shell-stays-thin',
      comment:
        'Electron main owns windows and hands the renderer its key; it starts the server as a process, never imports it.',
      severity: 'error',
      from: { path: '^src/main/electron/' },
      to: { path: '^src/main/', pathNot: ['^src/main/electron/'] },
    },
    {
      name: 'db-is-ground-floor',
      comment: 'src/main/db (connection, migrations, the content schema) imports only itself and src/shared.',
      severity: 'error',
      from: { path: '^src/main/db/' },
      to: { path: '^src/main/', pathNot: ['^src/main/db/'] },
    },
    {
      name: 'runtime-never-imports-the-build',
      comment: 'src/build (the content build and build-time CLIs) reads src/main; the app never loads build code.',
      severity: 'error',
      from: { path: '^src/(main|renderer|shared)/' },
      to: { path: '^src/build/' },
    },
    {
      name: 'renderer-never-imports-main',
      comment: 'The renderer talks to the server over HTTP only (DESIGN.md §1).',
      severity: 'error',
      from: { path: '^src/renderer/' },
      to: { path: '^src/main/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
