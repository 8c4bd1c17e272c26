/**
 * Scoped labels. A label named `scope/name` belongs to the scope before the
 * LAST slash (`priority/high` → `priority`, `area/ui/forms` → `area/ui`). When
 * such a label is exclusive, an issue carries at most one label of its scope:
 * adding one replaces the other label of that scope, and asking for two
 * of them at once is a conflict.
 */

/** What the scope rule needs to know about a label. */
export interface ScopableLabel {
  readonly id: number;
  readonly name: string;
  readonly exclusive: boolean;
}

/** The scope of a label name; null when it has none (no slash, or nothing before or after the last one). */
export function labelScope(name: string): string | null {
  const slash = name.lastIndexOf('/');
  if (slash <= 0 || slash === name.length - 1) return null;
  return name.slice(0, slash);
}

/** The scope within which the label is exclusive; null for labels that are not exclusive or have no scope. */
export function exclusiveScope(label: ScopableLabel): string | null {
  return label.exclusive ? labelScope(label.name) : null;
}

/** Two exclusive labels of the same scope asked for together. */
export class ExclusiveLabelConflictError extends Error {
  constructor(
    readonly scope: string,
    readonly labels: readonly [string, string],
  ) {
    super(`labels "${labels[0]}" and "${labels[1]}" are exclusive in scope "${scope}": an issue can carry only one of them`);
    this.name = 'ExclusiveLabelConflictError';
  }
}

/** The labels without repeats (the same label given twice is asked for once), in their first order. */
export function distinctLabels<L extends ScopableLabel>(labels: readonly L[]): L[] {
  const seen = new Set<number>();
  return labels.filter((label) => !seen.has(label.id) && seen.add(label.id));
}

/** Throws ExclusiveLabelConflictError, naming both labels, when the set holds two exclusive labels of one scope. */
export function assertNoExclusiveConflict(requested: readonly ScopableLabel[]): void {
  const holder = new Map<string, ScopableLabel>();
  for (const label of distinctLabels(requested)) {
    const scope = exclusiveScope(label);
    if (scope === null) continue;
    const other = holder.get(scope);
    if (other) throw new ExclusiveLabelConflictError(scope, [other.name, label.name]);
    holder.set(scope, label);
  }
}

/** An issue's labels after a change, and which of its labels the change took off. */
export interface LabelChange<L extends ScopableLabel> {
  readonly labels: L[];
  readonly added: L[];
  readonly removed: L[];
}

/**
 * Adds `requested` to the issue's `current` labels. A requested exclusive label
 * replaces the exclusive label(s) of the same scope; two requested exclusive labels of
 * one scope are refused (ExclusiveLabelConflictError) before anything changes.
 */
export function addLabels<L extends ScopableLabel>(current: readonly L[], requested: readonly L[]): LabelChange<L> {
  assertNoExclusiveConflict(requested);
  const wanted = distinctLabels(requested);
  const takenScopes = new Set(wanted.map(exclusiveScope).filter((scope): scope is string => scope !== null));
  const wantedIds = new Set(wanted.map((label) => label.id));
  const currentIds = new Set(current.map((label) => label.id));
  const removed = current.filter((label) => !wantedIds.has(label.id) && takenScopes.has(exclusiveScope(label) ?? ''));
  const removedIds = new Set(removed.map((label) => label.id));
  const added = wanted.filter((label) => !currentIds.has(label.id));
  return { labels: [...current.filter((label) => !removedIds.has(label.id)), ...added], added, removed };
}

/** Makes `requested` the labels (refusing two exclusive labels of one scope). */
export function replaceLabels<L extends ScopableLabel>(current: readonly L[], requested: readonly L[]): LabelChange<L> {
  assertNoExclusiveConflict(requested);
  const wanted = distinctLabels(requested);
  const wantedIds = new Set(wanted.map((label) => label.id));
  const currentIds = new Set(current.map((label) => label.id));
  return {
    labels: wanted,
    added: wanted.filter((label) => !currentIds.has(label.id)),
    removed: current.filter((label) => !wantedIds.has(label.id)),
  };
}
