/**
 * The arrows between the rooms of the hexagon (docs/architecture.md), checked by
 * `npm run lint`. An import that points the wrong way fails CI. Imports of the
 * persistence adapter are matched both resolved (packages/persistence-typeorm/…)
 * and by package name, so the rules hold before anything is built.
 */
const PERSISTENCE = '(^|/)(packages/persistence-typeorm/|@bellows/persistence-typeorm)';
const GIT = '(^|/)(packages/git/|@bellows/git)';
const SERVER_SRC = '^apps/server/src/';

module.exports = {
  forbidden: [
    {
      name: 'domain-stands-alone',
      comment: 'The domain imports nothing outside itself: no framework, ORM, HTTP, I/O, nor another package.',
      severity: 'error',
      from: { path: '^packages/domain/src/' },
      to: { pathNot: '^packages/domain/src/' },
    },
    {
      name: 'adapters-never-import-the-server',
      comment: "Adapters implement the domain's ports; the server wires them, never the other way round.",
      severity: 'error',
      from: { path: '^packages/(persistence-typeorm|git|storage)/src/' },
      to: { path: '(^|/)apps/' },
    },
    {
      name: 'http-never-imports-modules',
      comment: 'http/ is what every area shares; it must not depend on any area.',
      severity: 'error',
      from: { path: `${SERVER_SRC}http/` },
      to: { path: `${SERVER_SRC}modules/` },
    },
    {
      name: 'controllers-never-import-persistence',
      comment: 'A controller hands its input to a use case; it never touches the database or an entity.',
      severity: 'error',
      from: { path: `${SERVER_SRC}.+\\.controller\\.ts$` },
      to: { path: PERSISTENCE },
    },
    {
      name: 'areas-use-ports-not-persistence',
      comment: 'Services and everything else in modules/ depend on ports (bound in app/ports), never on Database or entities.',
      severity: 'error',
      from: { path: `${SERVER_SRC}(modules|http)/` },
      to: { path: PERSISTENCE },
    },
    {
      name: 'areas-use-ports-not-git',
      comment:
        'Use cases depend on the git ports (BareRepositories, RepositoryRefs, RepositoryHistory, RepositoryContents, RepositorySizes, ' +
        'GitTransport, SourceArchives), bound to the git adapter in app/ports (git.ports.ts, releases.ports.ts), ' +
        "and speak their types and errors, never the adapter's.",
      severity: 'error',
      from: { path: `${SERVER_SRC}(modules|http)/` },
      to: { path: GIT },
    },
  ],
  options: {
    // Built packages are reached through their dist/ (package.json `main`): listed, so the rules see them, but not followed.
    doNotFollow: { path: '(^|/)(node_modules|dist)/' },
    exclude: { path: '(^|/)coverage/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
