// The same engine through CommonJS `require`: the package's CJS build.
const assert = require('node:assert/strict');
const { test } = require('node:test');
const domain = require('@bellows/domain');

test('the CommonJS build is what `require` loads', () => {
  assert.match(require.resolve('@bellows/domain'), /\/node_modules\/@bellows\/domain\/dist\/index\.js$/);
  assert.equal(require('@bellows/domain/package.json').name, '@bellows/domain');
});

test('only the entry points are exported: the files behind them are not reachable by path', () => {
  assert.throws(() => require('@bellows/domain/dist/index.mjs'), { code: 'ERR_PACKAGE_PATH_NOT_EXPORTED' });
});

test('rules, groups, usage and the engine work from require()', async () => {
  const { InMemoryQuotaLimitStore, InMemoryQuotaUsageReader, QuotaEngine, QuotaGroup, QuotaRule } = domain;
  const limits = new InMemoryQuotaLimitStore();
  await limits.createGroup(QuotaGroup.create('small', [QuotaRule.create({ name: 'lfs', limit: 10, subjects: ['size:git:lfs'] })]));
  await limits.assign(7, 'small');
  const usage = new InMemoryQuotaUsageReader().set(7, { 'git:lfs': 11, packages: 1_000 });
  const engine = new QuotaEngine(usage, limits, { defaultGroups: [], defaultTotal: -1 });

  assert.equal(await engine.check(7, 'size:git:lfs'), true);
  assert.equal(await engine.check(7, 'size:assets:packages:all'), false);
  assert.throws(() => QuotaRule.create({ name: 'bad', limit: -2, subjects: [] }), domain.QuotaValidationError);
});
