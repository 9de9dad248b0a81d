// Dependency rules of the server (`npm run depcheck`, part of `npm test`): no import cycle between
// files, no module importing one above it or beside it, browser-shared code free of Node, TypeORM
// only where the data lives. The layers are docs/ARCHITECTURE.md's module map, lowest first.
const LAYERS = [
  ['vocabulary', 'browser-shared'],
  ['common'],
  ['mail', 'browser-audit'],
  ['auth'],
  ['billing', 'analytics', 'ab-test', 'scans', 'site', 'health'],
  ['monitoring', 'images', 'requests'],
  ['account', 'reports'],
];
/** Imports allowed inside one layer: the vocabulary reads the input rules' platform list. */
const SAME_LAYER_ALLOWED = { vocabulary: ['browser-shared'] };

const folder = (name) => `^server/src/${name}/`;

/** For each module: the modules of its own layer and of every layer above it, which it may not import. */
const layerRules = LAYERS.flatMap((layer, index) =>
  layer.map((name) => {
    const above = LAYERS.slice(index + 1).flat();
    const beside = layer.filter((other) => other !== name && !(SAME_LAYER_ALLOWED[name] ?? []).includes(other));
    const forbidden = [...beside, ...above, 'app.module.ts', 'bootstrap.ts', 'main.ts', 'openapi-cli.ts', 'migrate-cli.ts', 'config-docs-cli.ts'];
    return {
      name: `layer-${name}`,
      comment: `${name} may import only the modules below it (docs/ARCHITECTURE.md)`,
      severity: 'error',
      // Specs are not part of the running app: one may check every module's catalogue.
      from: { path: folder(name), pathNot: '\\.spec\\.ts$' },
      to: { path: `^server/src/(${forbidden.map((f) => f.replace('.', '\\.')).join('|')})($|/)` },
    };
  }),
);

/**
 * The layers inside scans/ (docs/ARCHITECTURE.md, "Inside scans/"): each folder and the folders of
 * scans/ it may import. sources → the data it serves (trackers, breaches, the catalogue, username
 * site lists) → analysis → checks → result; the pipeline, history and routes are the files at the
 * top of scans/, which may import any of them. The check vocabulary they share is vocabulary/check.types.ts.
 */
const SCANS_LAYERS = {
  sources: [],
  trackers: ['sources'],
  breaches: ['sources'],
  'breach-catalogue': ['sources', 'breaches'],
  username: ['sources'],
  analysis: ['sources', 'trackers', 'breaches', 'username'],
  checks: ['sources', 'trackers', 'breaches', 'breach-catalogue', 'username', 'analysis'],
  result: ['analysis', 'checks'],
  passwords: ['sources', 'scan-rate-limits.catalogue.ts'],
};
const scansRules = Object.entries(SCANS_LAYERS).map(([name, allowed]) => ({
  name: `scans-${name}`,
  comment: `scans/${name} may import only ${allowed.length ? allowed.join(', ') : 'nothing'} of scans/ (docs/ARCHITECTURE.md)`,
  severity: 'error',
  from: { path: folder(`scans/${name}`), pathNot: '\\.spec\\.ts$' },
  to: { path: '^server/src/scans/', pathNot: `^server/src/scans/(${[name, ...allowed].map((f) => f.replace(/\./g, '\\.')).join('|')})($|/)` },
}));

/** Inside images/: the parsers and the findings (which the worker runs) know nothing of the routes, the pool or the history. */
const IMAGE_ROUTE_FILES = '^server/src/images/(exif\\.(controller|service|module|dto)|exif-errors\\.filter|metadata-worker\\.pool|stored-image-findings)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Files import each other in a cycle (type-only imports count too): move the shared part down.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    ...scansRules,
    {
      name: 'images-parsers-below-the-routes',
      comment: 'The image parsers and findings run in the worker: they may not import the routes, the pool or the history (docs/ARCHITECTURE.md).',
      severity: 'error',
      from: { path: folder('images'), pathNot: ['\\.spec\\.ts$', IMAGE_ROUTE_FILES] },
      to: { path: [IMAGE_ROUTE_FILES, '^server/src/scans/'] },
    },
    {
      name: 'browser-shared-is-isomorphic',
      comment: 'The client bundles server/src/browser-shared: it may import nothing else of the server and no Node module.',
      severity: 'error',
      from: { path: folder('browser-shared'), pathNot: '\\.spec\\.ts$' },
      to: { pathNot: [folder('browser-shared'), '^node_modules/'] },
    },
    {
      name: 'browser-shared-no-node',
      severity: 'error',
      from: { path: folder('browser-shared'), pathNot: '\\.spec\\.ts$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'typeorm-where-the-data-lives',
      comment: 'Only repositories, entities, module wiring and common/database use TypeORM.',
      severity: 'error',
      from: { path: '^server/src/', pathNot: ['\\.(repository|entity|module|spec)\\.ts$', folder('common/database')] },
      to: { path: '^node_modules/(typeorm|@nestjs/typeorm)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^dist/'] },
    // Type-only imports are dependencies too: a cycle through types is still a cycle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
