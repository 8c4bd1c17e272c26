// The file share, using the packed engine through ESM `import`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { QuotaValidationError } from '@bellows/domain';
import { FileShare, OverQuotaError } from '../src/file-share.mjs';

const ALICE = 1;
const BOB = 2;

test('the ESM build is what `import` loads', () => {
  assert.match(import.meta.resolve('@bellows/domain'), /\/node_modules\/@bellows\/domain\/dist\/index\.mjs$/);
});

test('uploads count towards the user’s usage, per kind and in all, and the page shows the rule closest to its limit', async () => {
  const share = await FileShare.withPlans();
  await share.upload(ALICE, 'report.pdf', 300_000);

  const page = await share.storage(ALICE);
  assert.deepEqual([page.files, page.previews, page.total], [300_000, 30_000, 330_000]);
  assert.deepEqual(
    page.standings.map(({ group, rule, used, limit, percent }) => ({ group, rule, used, limit, percent })),
    [
      { group: 'free', rule: 'free-total', used: 330_000, limit: 1_000_000, percent: 33 },
      { group: 'free', rule: 'free-previews', used: 30_000, limit: 50_000, percent: 60 },
    ],
  );
  assert.equal(page.closest.rule, 'free-previews');
});

test('the upload that crosses a limit is stored, the next is refused with the rule that refused it, and a deletion makes room again', async () => {
  const share = await FileShare.withPlans();
  const first = await share.upload(ALICE, 'a.mov', 300_000);
  await share.upload(ALICE, 'b.mov', 300_000); // previews now 60 000 of 50 000

  const refusal = await share.upload(ALICE, 'c.mov', 1).catch((error) => error);
  assert.ok(refusal instanceof OverQuotaError, `expected a refusal, got ${refusal}`);
  assert.deepEqual(refusal.explanation, {
    subject: 'size:all',
    overQuota: true,
    groups: [
      {
        group: 'free',
        stands: false,
        relevantRules: [
          { rule: 'free-total', subjects: ['size:all'], limit: 1_000_000, used: 660_000, stands: true },
          { rule: 'free-previews', subjects: ['size:assets:artifacts'], limit: 50_000, used: 60_000, stands: false },
        ],
      },
    ],
  });

  assert.equal(await share.remove(first), true);
  assert.equal(await share.engine.check(ALICE, 'size:all'), false);
  await share.upload(ALICE, 'c.mov', 1);
  assert.equal((await share.storage(ALICE)).files, 300_001);
});

test('a user assigned a group is checked against it instead of the default one', async () => {
  const share = await FileShare.withPlans();
  await share.upload(BOB, 'big.iso', 900_000); // previews 90 000: over the free plan
  await assert.rejects(share.upload(BOB, 'more.iso', 1), OverQuotaError);

  assert.equal(await share.limits.assign(BOB, 'pro'), 'ok');
  await share.upload(BOB, 'more.iso', 1);
  assert.equal((await share.storage(BOB)).closest.rule, 'pro-total');
  assert.deepEqual(
    (await share.engine.info(BOB)).groups.map((group) => group.name),
    ['pro'],
  );
});

test('without plans nobody is limited, and a default total limits everyone no group applies to', async () => {
  const open = new FileShare();
  await open.upload(ALICE, 'huge', 50_000_000);
  await open.upload(ALICE, 'huger', 1);

  const capped = new FileShare({ defaultTotal: 100 });
  await capped.upload(ALICE, 'small', 100); // 110 with its preview: over
  const refusal = await capped.upload(ALICE, 'more', 1).catch((error) => error);
  assert.equal(refusal.explanation.groups[0].group, 'builtin-default-group');
});

test('a subject that does not exist is refused with the engine’s validation error, naming it', async () => {
  const share = await FileShare.withPlans();
  await assert.rejects(share.engine.check(ALICE, 'size:everything'), (error) => {
    assert.ok(error instanceof QuotaValidationError);
    assert.equal(error.field, 'subject');
    assert.match(error.message, /"size:everything" is not a quota subject/);
    return true;
  });
});
