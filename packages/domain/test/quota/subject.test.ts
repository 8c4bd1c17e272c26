import { QUOTA_SUBJECTS, QuotaValidationError, USAGE_BUCKETS, leavesOf, parseQuotaSubject, subjectsOverlap } from '../../src/quota';

describe('quota subjects', () => {
  it('knows every subject Forgejo names', () => {
    expect([...QUOTA_SUBJECTS].sort()).toEqual([
      'size:all',
      'size:assets:all',
      'size:assets:artifacts',
      'size:assets:attachments:all',
      'size:assets:attachments:issues',
      'size:assets:attachments:releases',
      'size:assets:packages:all',
      'size:git:all',
      'size:git:lfs',
      'size:repos:all',
      'size:repos:private',
      'size:repos:public',
      'size:wiki',
    ]);
  });

  it.each(QUOTA_SUBJECTS.map((s) => [s]))('parses %s as itself', (subject) => {
    expect(parseQuotaSubject(subject)).toBe(subject);
  });

  it('accepts size:assets:wiki as an alias of size:wiki', () => {
    expect(parseQuotaSubject('size:assets:wiki')).toBe('size:wiki');
  });

  it.each([['size:everything'], ['SIZE:ALL'], [' size:all'], ['size:repos'], ['']])('refuses %p with an error naming it', (input) => {
    expect(() => parseQuotaSubject(input)).toThrow(QuotaValidationError);
    expect(() => parseQuotaSubject(input)).toThrow(input === '' ? /subject is required/ : `"${input}"`);
  });

  it('refuses a missing subject, naming the field', () => {
    expect(() => parseQuotaSubject(undefined, 'subject')).toThrow(/subject is required/);
  });

  describe('bytes covered (leaf buckets)', () => {
    it.each([
      ['size:all', [...USAGE_BUCKETS]],
      ['size:repos:all', ['repos:public', 'repos:private']],
      ['size:repos:public', ['repos:public']],
      ['size:repos:private', ['repos:private']],
      ['size:git:all', ['repos:public', 'repos:private', 'git:lfs']],
      ['size:git:lfs', ['git:lfs']],
      ['size:assets:all', ['attachments:issues', 'attachments:releases', 'artifacts', 'packages']],
      ['size:assets:attachments:all', ['attachments:issues', 'attachments:releases']],
      ['size:assets:attachments:issues', ['attachments:issues']],
      ['size:assets:attachments:releases', ['attachments:releases']],
      ['size:assets:artifacts', ['artifacts']],
      ['size:assets:packages:all', ['packages']],
      ['size:wiki', []],
    ] as const)('%s covers %p', (subject, leaves) => {
      expect([...leavesOf(subject)].sort()).toEqual([...leaves].sort());
    });

    it('size:all is repos:all + git:lfs + assets:all, with no leaf in two of them', () => {
      const parts = [...leavesOf('size:repos:all'), ...leavesOf('size:git:lfs'), ...leavesOf('size:assets:all')];
      expect(new Set(parts).size).toBe(parts.length);
      expect(new Set(parts)).toEqual(new Set(leavesOf('size:all')));
    });
  });

  describe('overlap', () => {
    it('a subject overlaps the subjects containing it and those inside it', () => {
      expect(subjectsOverlap('size:repos:public', 'size:all')).toBe(true);
      expect(subjectsOverlap('size:all', 'size:repos:public')).toBe(true);
      expect(subjectsOverlap('size:git:all', 'size:repos:private')).toBe(true);
    });

    it('subjects sharing some bytes overlap: git:all and repos:all both hold repository data', () => {
      expect(subjectsOverlap('size:git:all', 'size:repos:all')).toBe(true);
    });

    it('disjoint subjects do not overlap', () => {
      expect(subjectsOverlap('size:assets:packages:all', 'size:repos:all')).toBe(false);
      expect(subjectsOverlap('size:git:lfs', 'size:repos:all')).toBe(false);
      expect(subjectsOverlap('size:wiki', 'size:all')).toBe(false);
    });

    it('every subject overlaps itself, the wiki too', () => {
      for (const subject of QUOTA_SUBJECTS) expect(subjectsOverlap(subject, subject)).toBe(true);
    });
  });
});
