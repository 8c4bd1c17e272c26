/** A topic repositories are tagged with, and how many carry it. */
export interface Topic {
  id: number;
  name: string;
  repoCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** At most this many topics on one repository (Forgejo's limit). */
export const MAX_TOPICS_PER_REPOSITORY = 25;

const TOPIC_NAME = /^[a-z0-9][-.a-z0-9]{0,34}$/;

/** Forgejo's rule: lowercase letters, digits, "-" and ".", not starting with "-" or ".", at most 35 characters. */
export function isValidTopicName(name: string): boolean {
  return TOPIC_NAME.test(name);
}

/** A topic as given, trimmed and lowercased (as Forgejo takes it). */
export function normalizeTopicName(name: string): string {
  return name.trim().toLowerCase();
}

/** Given names, normalized and deduplicated in order (empty ones dropped), and those that are not valid. */
export function sanitizeTopicNames(names: readonly string[]): { valid: string[]; invalid: string[] } {
  const normalized = [...new Set(names.map(normalizeTopicName).filter((name) => name !== ''))];
  return { valid: normalized.filter(isValidTopicName), invalid: normalized.filter((name) => !isValidTopicName(name)) };
}
