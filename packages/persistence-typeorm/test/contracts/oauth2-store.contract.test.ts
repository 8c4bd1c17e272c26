import { randomUUID } from 'crypto';
import { OAuth2ApplicationStore, OAuth2GrantStore } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner } from '../support/quota-fixtures';

/**
 * The OAuth2 ports: one grant per application and user, codes and refresh
 * tokens taken once even by concurrent requests, expiry honoured, and a
 * deleted application taking its grants and tokens with it (SQLite and PostgreSQL).
 */
describeEachEngine('OAuth2 stores contract', (ctx) => {
  const applications = (): OAuth2ApplicationStore => ctx().db.oauth2Applications;
  const grants = (): OAuth2GrantStore => ctx().db.oauth2Grants;
  const HOUR = 3600_000;

  async function newApplication(ownerId: number) {
    const now = new Date();
    return applications().insert({
      ownerId,
      name: 'app',
      clientId: randomUUID(),
      clientSecretHash: 'h',
      clientSecretSalt: 's',
      redirectUris: ['https://a.example/cb'],
      confidentialClient: true,
      createdAt: now,
      updatedAt: now,
    });
  }

  it('keeps one grant per pair, even when granted at once', async () => {
    const user = await insertOwner(ctx().db);
    const app = await newApplication(user.id);
    const made = await Promise.all(Array.from({ length: 6 }, () => grants().grantFor(app.id, user.id, 'read:user')));
    expect(new Set(made.map((grant) => grant.id)).size).toBe(1);
    expect((await grants().grantFor(app.id, user.id, 'other')).scope).toBe('read:user');
    await grants().setNonce(made[0].id, 'n-1');
    expect((await grants().findGrant(app.id, user.id))?.nonce).toBe('n-1');
  });

  it('gives a code to one taker only, and none once expired', async () => {
    const user = await insertOwner(ctx().db);
    const grant = await grants().grantFor((await newApplication(user.id)).id, user.id, '');
    const fields = { grantId: grant.id, redirectUri: 'https://a.example/cb', codeChallenge: '', codeChallengeMethod: '' as const };
    await grants().insertCode({ ...fields, codeHash: 'live', expiresAt: new Date(Date.now() + HOUR) });
    await grants().insertCode({ ...fields, codeHash: 'old', expiresAt: new Date(Date.now() - 1) });
    const takers = await Promise.all(Array.from({ length: 5 }, () => grants().takeCode('live', new Date())));
    expect(takers.filter((taken) => taken !== null)).toHaveLength(1);
    expect(await grants().takeCode('old', new Date())).toBeNull();
  });

  it('takes a refresh token once, finds access tokens by hash and kind, and loses them with the application', async () => {
    const user = await insertOwner(ctx().db);
    const app = await newApplication(user.id);
    const grant = await grants().grantFor(app.id, user.id, '');
    const expiresAt = new Date(Date.now() + HOUR);
    await grants().insertTokens([
      { grantId: grant.id, kind: 'access', tokenHash: `a-${grant.id}`, expiresAt },
      { grantId: grant.id, kind: 'refresh', tokenHash: `r-${grant.id}`, expiresAt },
    ]);
    expect((await grants().findGrantOfToken(`a-${grant.id}`, 'access', new Date()))?.id).toBe(grant.id);
    expect(await grants().findGrantOfToken(`a-${grant.id}`, 'refresh', new Date())).toBeNull();
    expect(await grants().findGrantOfToken(`a-${grant.id}`, 'access', new Date(Date.now() + 2 * HOUR))).toBeNull();
    const takers = await Promise.all([
      grants().takeRefreshToken(`r-${grant.id}`, new Date()),
      grants().takeRefreshToken(`r-${grant.id}`, new Date()),
    ]);
    expect(takers.filter((taken) => taken !== null)).toHaveLength(1);

    const other = await insertOwner(ctx().db);
    expect(await applications().delete(other.id, app.id)).toBe(false);
    expect(await applications().delete(user.id, app.id)).toBe(true);
    expect(await grants().findGrantOfToken(`a-${grant.id}`, 'access', new Date())).toBeNull();
    expect(await grants().findGrant(app.id, user.id)).toBeNull();
    expect(await applications().delete(user.id, app.id)).toBe(false);
  });
});
