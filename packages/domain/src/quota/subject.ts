import { QuotaValidationError } from './quota-error';

/**
 * Quota subjects name sets of stored bytes. To make "each byte is counted once"
 * exact, every tracked byte lives in exactly one LEAF bucket, and every subject
 * is the set of leaves it covers. Sums over the union of leaves never count a
 * byte twice, and two subjects overlap exactly when they share a leaf.
 */
export const USAGE_BUCKETS = [
  'repos:public',
  'repos:private',
  'git:lfs',
  'attachments:issues',
  'attachments:releases',
  'artifacts',
  'packages',
] as const;

export type UsageBucket = (typeof USAGE_BUCKETS)[number];

const REPOS: readonly UsageBucket[] = ['repos:public', 'repos:private'];
const ATTACHMENTS: readonly UsageBucket[] = ['attachments:issues', 'attachments:releases'];
const ASSETS: readonly UsageBucket[] = [...ATTACHMENTS, 'artifacts', 'packages'];

/** Every subject and the leaves it covers. The wiki is not tracked: it covers none. */
const LEAVES_OF_SUBJECT = {
  'size:all': USAGE_BUCKETS,
  'size:repos:all': REPOS,
  'size:repos:public': ['repos:public'],
  'size:repos:private': ['repos:private'],
  'size:git:all': [...REPOS, 'git:lfs'],
  'size:git:lfs': ['git:lfs'],
  'size:assets:all': ASSETS,
  'size:assets:attachments:all': ATTACHMENTS,
  'size:assets:attachments:issues': ['attachments:issues'],
  'size:assets:attachments:releases': ['attachments:releases'],
  'size:assets:artifacts': ['artifacts'],
  'size:assets:packages:all': ['packages'],
  'size:wiki': [],
} as const satisfies Record<string, readonly UsageBucket[]>;

export type QuotaSubject = keyof typeof LEAVES_OF_SUBJECT;

export const QUOTA_SUBJECTS = Object.keys(LEAVES_OF_SUBJECT) as readonly QuotaSubject[];

/** Other spellings accepted on input; they are stored and shown in their canonical form. */
const SUBJECT_ALIASES: Readonly<Record<string, QuotaSubject>> = {
  'size:assets:wiki': 'size:wiki',
};

export function isQuotaSubject(value: string): value is QuotaSubject {
  return Object.prototype.hasOwnProperty.call(LEAVES_OF_SUBJECT, value);
}

/** Parses a subject (aliases resolve to their canonical subject) or throws a QuotaValidationError naming it. */
export function parseQuotaSubject(input: unknown, field = 'subject'): QuotaSubject {
  if (typeof input !== 'string' || input.length === 0) {
    throw new QuotaValidationError(field, `${field} is required and must be one of: ${QUOTA_SUBJECTS.join(', ')}`);
  }
  const canonical = SUBJECT_ALIASES[input] ?? input;
  if (!isQuotaSubject(canonical)) {
    throw new QuotaValidationError(field, `${field} "${input}" is not a quota subject; expected one of: ${QUOTA_SUBJECTS.join(', ')}`);
  }
  return canonical;
}

/** The leaf buckets whose bytes the subject covers. */
export function leavesOf(subject: QuotaSubject): readonly UsageBucket[] {
  return LEAVES_OF_SUBJECT[subject];
}

/** The union of the leaves of several subjects: the bytes they cover together, each once. */
export function leavesOfAll(subjects: Iterable<QuotaSubject>): ReadonlySet<UsageBucket> {
  const leaves = new Set<UsageBucket>();
  for (const subject of subjects) for (const leaf of leavesOf(subject)) leaves.add(leaf);
  return leaves;
}

/**
 * Whether two subjects share bytes: one contains the other, or they share a leaf.
 * A subject always overlaps itself, even `size:wiki`, which covers no tracked bytes.
 */
export function subjectsOverlap(a: QuotaSubject, b: QuotaSubject): boolean {
  if (a === b) return true;
  const leavesOfB = leavesOf(b);
  return leavesOf(a).some((leaf) => leavesOfB.includes(leaf));
}
