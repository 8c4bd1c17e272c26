import { HookDeliveryStore, NewWebhook, WebhookStore } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';

/** The WebhookStore and HookDeliveryStore ports: scoped hooks, and a delivery queue leased once (SQLite and PostgreSQL). */
describeEachEngine('Webhook stores contract', (ctx) => {
  const hooks = (): WebhookStore => ctx().db.webhooks;
  const deliveries = (): HookDeliveryStore => ctx().db.hookDeliveries;
  const hookOf = (ownerId: number, overrides: Partial<NewWebhook> = {}): NewWebhook => ({
    scope: { kind: 'owner', ownerId },
    type: 'forgejo',
    url: 'http://example.com/hook',
    contentType: 'json',
    events: ['push'],
    branchFilter: '',
    active: true,
    secretEncrypted: 'sealed',
    authorizationHeaderEncrypted: '',
    ...overrides,
  });

  it('keeps each hook in its scope: another scope neither finds, changes nor deletes it', async () => {
    const [a, b] = [await insertOwner(ctx().db), await insertOwner(ctx().db)];
    const hook = await hooks().create(hookOf(a.id, { events: ['create', 'push'] }));
    expect(hook).toMatchObject({ scope: { kind: 'owner', ownerId: a.id }, events: ['create', 'push'], lastStatus: 'none' });
    const other = { kind: 'owner' as const, ownerId: b.id };
    expect(await hooks().findInScope(other, hook.id)).toBeNull();
    expect(await hooks().findInScope({ kind: 'system' }, hook.id)).toBeNull();
    expect(await hooks().update(other, hook.id, { active: false })).toBeNull();
    expect(await hooks().delete(other, hook.id)).toBe(false);
    const changed = await hooks().update(hook.scope, hook.id, { active: false, url: 'http://example.com/2' });
    expect(changed).toMatchObject({ active: false, url: 'http://example.com/2', events: ['create', 'push'] });
    expect((await hooks().listInScope(hook.scope, { offset: 0, limit: 10 })).total).toBe(1);
    expect(await hooks().delete(hook.scope, hook.id)).toBe(true);
    expect(await hooks().findInScope(hook.scope, hook.id)).toBeNull();
  });

  it('offers an event to the owner hooks and system hooks that are active', async () => {
    const [a, b] = [await insertOwner(ctx().db), await insertOwner(ctx().db)];
    const mine = await hooks().create(hookOf(a.id));
    const inactive = await hooks().create(hookOf(a.id, { active: false }));
    const others = await hooks().create(hookOf(b.id));
    const system = await hooks().create(hookOf(a.id, { scope: { kind: 'system' } }));
    const ids = (await hooks().activeFor(null, a.id)).map((hook) => hook.id);
    expect(ids).toContain(mine.id);
    expect(ids).toContain(system.id);
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(others.id);
    await hooks().delete({ kind: 'system' }, system.id);
  });

  it("offers a repository's event to its own active hooks too, and nothing where no hook is (owner, repository or system)", async () => {
    const [a, b] = [await insertOwner(ctx().db), await insertOwner(ctx().db)];
    const repo = await ctx().db.repositories.insert({ ownerId: b.id, name: uniqueName('hooked') });
    const plain = await ctx().db.repositories.insert({ ownerId: b.id, name: uniqueName('plain') });
    expect(await hooks().activeFor(repo.id, b.id)).toEqual([]);
    const own = await hooks().create(hookOf(b.id, { scope: { kind: 'repo', repoId: repo.id } }));
    await hooks().create(hookOf(b.id, { scope: { kind: 'repo', repoId: plain.id }, active: false }));
    await hooks().create(hookOf(a.id));
    expect((await hooks().activeFor(repo.id, b.id)).map((hook) => hook.id)).toEqual([own.id]);
    expect(await hooks().activeFor(plain.id, b.id)).toEqual([]);
    expect(await hooks().activeFor(null, b.id)).toEqual([]);
  });

  it('leases a due delivery to one worker, takes it again once the lease ran out, and records attempts', async () => {
    const owner = await insertOwner(ctx().db);
    const hook = await hooks().create(hookOf(owner.id));
    await deliveries().enqueue([{ hookId: hook.id, uuid: '00000000-0000-4000-8000-000000000001', event: 'push', payload: '{"ref":"x"}' }]);
    const now = new Date();
    const lease = new Date(now.getTime() + 60_000);
    const [first, second] = await Promise.all([deliveries().claimDue(now, lease, 50), deliveries().claimDue(now, lease, 50)]);
    const mineOf = <T extends { hookId: number }>(list: T[]) => list.filter((d) => d.hookId === hook.id);
    expect(mineOf(first).length + mineOf(second).length).toBe(1);
    expect(mineOf(await deliveries().claimDue(now, lease, 50))).toHaveLength(0);
    const later = new Date(lease.getTime() + 1);
    const [again] = mineOf(await deliveries().claimDue(later, new Date(later.getTime() + 60_000), 50));
    expect(again).toMatchObject({ event: 'push', payload: '{"ref":"x"}', state: 'pending' });
    const attempt = {
      startedAt: later,
      durationMs: 5,
      requestUrl: 'http://example.com/hook',
      requestHeaders: { 'X-Forgejo-Event': 'push' },
      requestBody: '{"ref":"x"}',
      responseStatus: 500,
      responseBody: 'oops',
      error: null,
    };
    await deliveries().recordAttempt(again.id, attempt, { state: 'pending', retryAt: new Date(later.getTime() + 1000) });
    expect(mineOf(await deliveries().claimDue(later, new Date(later.getTime() + 60_000), 50))).toHaveLength(0);
    expect((await hooks().findById(hook.id))?.lastStatus).toBe('none');
    await deliveries().recordAttempt(again.id, { ...attempt, responseStatus: 200 }, { state: 'delivered' });
    expect((await hooks().findById(hook.id))?.lastStatus).toBe('succeed');
    const listed = await deliveries().listForHook(hook.id, { offset: 0, limit: 10 });
    expect(listed.total).toBe(1);
    expect(listed.deliveries[0]).toMatchObject({ state: 'delivered', attempts: 2 });
    expect(listed.deliveries[0].attemptList.map((a) => a.responseStatus)).toEqual([500, 200]);
    expect(listed.deliveries[0].attemptList[0].requestHeaders).toEqual({ 'X-Forgejo-Event': 'push' });
  });

  it('prunes a hook’s settled deliveries to the newest ones, keeping every pending one', async () => {
    const owner = await insertOwner(ctx().db);
    const hook = await hooks().create(hookOf(owner.id));
    const uuid = (n: number) => `00000000-0000-4000-8000-00000000010${n}`;
    await deliveries().enqueue([1, 2, 3, 4].map((n) => ({ hookId: hook.id, uuid: uuid(n), event: 'push' as const, payload: '{}' })));
    const now = new Date();
    const claimed = (await deliveries().claimDue(now, new Date(now.getTime() + 60_000), 500)).filter((d) => d.hookId === hook.id);
    const attempt = {
      startedAt: now,
      durationMs: 1,
      requestUrl: 'u',
      requestHeaders: {},
      requestBody: '{}',
      responseStatus: 200,
      responseBody: '',
      error: null,
    };
    for (const delivery of claimed.slice(0, 3)) await deliveries().recordAttempt(delivery.id, attempt, { state: 'delivered' });
    await deliveries().pruneSettled(hook.id, 1);
    const left = await deliveries().listForHook(hook.id, { offset: 0, limit: 10 });
    expect(left.deliveries.map((d) => [d.uuid, d.state])).toEqual([
      [uuid(4), 'pending'],
      [uuid(3), 'delivered'],
    ]);
    expect(left.deliveries[1].attemptList).toHaveLength(1);
  });
});
