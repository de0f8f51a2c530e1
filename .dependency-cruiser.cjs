/**
 * Layer rules checked by `npm run lint` (dependency-cruiser). The vocabulary (src/main/vocabulary: the one place that
 * reads names) sits on the ground floor with db/: it imports nothing above it, and no cycle may pass through it.
 * Folder-level rules for the other layers come with the layering work of issue 23 (docs/architecture.md).
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
