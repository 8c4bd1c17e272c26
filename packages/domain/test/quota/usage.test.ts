import { QuotaUsage, QuotaValidationError } from '../../src/quota';

describe('quota usage', () => {
  const usage = QuotaUsage.of({
    'repos:public': 1,
    'repos:private': 2,
    'git:lfs': 4,
    'attachments:issues': 8,
    'attachments:releases': 16,
    artifacts: 32,
    packages: 64,
  });

  it('sums each byte once over the union of subjects', () => {
    expect(usage.bytesFor(['size:all'])).toBe(127);
    expect(usage.bytesFor(['size:all', 'size:repos:all'])).toBe(127);
    expect(usage.bytesFor(['size:git:all', 'size:repos:public'])).toBe(7);
    expect(usage.bytesFor(['size:assets:packages:all', 'size:git:lfs'])).toBe(68);
  });

  it('counts nothing for the wiki', () => {
    expect(usage.bytesFor(['size:wiki'])).toBe(0);
  });

  it('treats buckets left out as empty', () => {
    expect(QuotaUsage.of({ packages: 5 }).bytesFor(['size:all'])).toBe(5);
    expect(QuotaUsage.NONE.bytesFor(['size:all'])).toBe(0);
  });

  it.each([[-1], [1.5], [Number.NaN], [2 ** 53]])('refuses %p bytes, naming the bucket', (bytes) => {
    expect(() => QuotaUsage.of({ artifacts: bytes })).toThrow(QuotaValidationError);
    expect(() => QuotaUsage.of({ artifacts: bytes })).toThrow(/artifacts/);
  });

  it('grows by plus without changing the original', () => {
    const more = usage.plus('packages', 100);
    expect(more.bytesIn('packages')).toBe(164);
    expect(usage.bytesIn('packages')).toBe(64);
  });

  it("answers Forgejo's QuotaUsed shape", () => {
    expect(usage.toUsed()).toEqual({
      size: {
        repos: { public: 1, private: 2 },
        git: { LFS: 4 },
        assets: { attachments: { issues: 8, releases: 16 }, artifacts: 32, packages: { all: 64 } },
      },
    });
  });
});
