import { deployKeyAllows, isUserKey, SshKey } from '../../src/keys';

function key(fields: Partial<SshKey>): SshKey {
  return {
    id: 1,
    ownerId: null,
    repoId: 7,
    title: 'ci',
    content: 'ssh-ed25519 AAAA',
    fingerprint: 'SHA256:x',
    readOnly: true,
    createdAt: new Date(0),
    ...fields,
  };
}

describe('deployKeyAllows', () => {
  it('lets a read-only deploy key fetch its repository and nothing more', () => {
    expect(deployKeyAllows(key({ readOnly: true }), 7, 'read')).toBe(true);
    expect(deployKeyAllows(key({ readOnly: true }), 7, 'write')).toBe(false);
  });

  it('lets a read-write deploy key push to its repository', () => {
    expect(deployKeyAllows(key({ readOnly: false }), 7, 'write')).toBe(true);
  });

  it('opens no other repository', () => {
    expect(deployKeyAllows(key({ readOnly: false }), 8, 'read')).toBe(false);
  });

  it("opens nothing through a user's key (its owner's permission decides)", () => {
    const userKey = key({ ownerId: 3, repoId: null, readOnly: false });
    expect(deployKeyAllows(userKey, 7, 'read')).toBe(false);
    expect(isUserKey(userKey)).toBe(true);
    expect(isUserKey(key({}))).toBe(false);
  });
});
