import { describeEachEngine } from './support/each-engine';

describeEachEngine('OwnerStore', (ctx) => {
  const base = {
    kind: 'user' as const,
    fullName: '',
    email: 'ada@example.com',
    passwordHash: null,
    isAdmin: false,
    isActive: true,
    prohibitLogin: false,
    visibility: 'public' as const,
    description: '',
    website: '',
    location: '',
    totpSecret: null,
    totpEnabled: false,
    createdAt: new Date(1_700_000_000_123),
    updatedAt: new Date(1_700_000_000_123),
    lastLoginAt: null,
  };

  it('stores an owner and finds it by name case-insensitively, dates exact to the millisecond', async () => {
    const { db } = ctx();
    const created = await db.owners.insert({ ...base, name: 'Ada' });
    const found = await db.owners.findByName('ada');
    expect(found?.id).toBe(created.id);
    expect(found?.name).toBe('Ada');
    expect(found?.createdAt.getTime()).toBe(1_700_000_000_123);
    expect(found?.isAdmin).toBe(false);
  });

  it('refuses a second owner whose name differs only in case', async () => {
    const { db } = ctx();
    await expect(db.owners.insert({ ...base, name: 'ADA', email: 'other@example.com' })).rejects.toThrow();
  });

  it('rolls back a failed transaction completely', async () => {
    const { db } = ctx();
    await expect(
      db.transaction(async (tx) => {
        await tx.owners.insert({ ...base, name: 'grace', email: 'grace@example.com' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.owners.findByName('grace')).toBeNull();
  });

  it('serialises concurrent transactions without losing any', async () => {
    const { db } = ctx();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        db.transaction((tx) => tx.owners.insert({ ...base, name: `user${i}`, email: `u${i}@example.com` })),
      ),
    );
    for (let i = 0; i < 10; i++) expect(await db.owners.findByName(`user${i}`)).not.toBeNull();
  });

  describe('recordTotpUse (finding 9: a TOTP passcode is accepted once)', () => {
    it('records a step once, and no step older than the last recorded', async () => {
      const { db } = ctx();
      const owner = await db.owners.insert({ ...base, name: 'totp-steps', email: 'steps@example.com' });
      expect(await db.owners.recordTotpUse(owner.id, 100)).toBe(true);
      expect(await db.owners.recordTotpUse(owner.id, 100)).toBe(false);
      expect(await db.owners.recordTotpUse(owner.id, 99)).toBe(false);
      expect(await db.owners.recordTotpUse(owner.id, 101)).toBe(true);
    });

    it('lets exactly one of several simultaneous recordings of one step win', async () => {
      const { db } = ctx();
      const owner = await db.owners.insert({ ...base, name: 'totp-race', email: 'race@example.com' });
      const wins = await Promise.all(Array.from({ length: 8 }, () => db.owners.recordTotpUse(owner.id, 200)));
      expect(wins.filter(Boolean)).toHaveLength(1);
    });

    it('is not undone by an edit of other fields, and starts afresh with a new enrolment', async () => {
      const { db } = ctx();
      const owner = await db.owners.insert({ ...base, name: 'totp-stale', email: 'stale@example.com' });
      expect(await db.owners.recordTotpUse(owner.id, 300)).toBe(true);
      expect(await db.owners.update(owner.id, { fullName: 'Changed Meanwhile' })).toBe(true);
      expect(await db.owners.recordTotpUse(owner.id, 300)).toBe(false);

      await db.owners.beginTotpEnrolment(owner.id, 'sealed');
      expect(await db.owners.findById(owner.id)).toMatchObject({ totpSecret: 'sealed', totpEnabled: false });
      expect(await db.owners.recordTotpUse(owner.id, 300)).toBe(true);
      await db.owners.enableTotp(owner.id);
      expect(await db.owners.findById(owner.id)).toMatchObject({ totpSecret: 'sealed', totpEnabled: true });
      expect(await db.owners.recordTotpUse(owner.id, 300)).toBe(false);
      await db.owners.removeTotp(owner.id);
      expect(await db.owners.findById(owner.id)).toMatchObject({ totpSecret: null, totpEnabled: false });
    });
  });
});
