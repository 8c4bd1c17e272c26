import { LfsActionTokens } from '../../src/modules/git-http/lfs/lfs-action-token';

describe('LFS action tokens', () => {
  const tokens = new LfsActionTokens('a secret key for the tests');
  const grant = { userId: 7, repoId: 3, operation: 'upload' as const, expiresAt: Date.now() + 60_000 };

  it('give back the grant they were signed with', () => {
    expect(tokens.verify(tokens.sign(grant))).toEqual(grant);
  });

  it('refuse expired, altered, foreign and malformed tokens', () => {
    expect(tokens.verify(tokens.sign({ ...grant, expiresAt: Date.now() - 1 }))).toBeNull();
    const [, mac] = tokens.sign(grant).split('.');
    const widened = Buffer.from(JSON.stringify({ ...grant, repoId: 4 })).toString('base64url');
    expect(tokens.verify(`${widened}.${mac}`)).toBeNull();
    expect(new LfsActionTokens('another key').verify(tokens.sign(grant))).toBeNull();
    for (const garbage of ['', '.', 'abc', 'a.b.c', `${Buffer.from('[]').toString('base64url')}.x`])
      expect(tokens.verify(garbage)).toBeNull();
  });
});
