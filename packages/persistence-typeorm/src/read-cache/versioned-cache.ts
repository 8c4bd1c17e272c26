import { EntityManager } from 'typeorm';
import { ChangedArea, ChangeVersions } from './change-versions';

interface Entry<V> {
  value: V;
  version: number;
  epoch: number;
}

/**
 * Read-through cache of rows that change rarely and are read on every request
 * (who a token belongs to, an owner's quota figures). An entry is served only
 * while its area's change counter is where it was when the rows were read, so
 * the write itself invalidates it, never a timeout. Mutable values (entities)
 * are copied in and out, so no caller can change what others are served.
 *
 * Only reads outside a transaction are cached: a transaction must see its own
 * writes and the rows as they are now.
 */
export class VersionedCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();

  constructor(
    private readonly versions: ChangeVersions,
    private readonly maxEntries: number,
    private readonly copy: (value: V) => V,
  ) {}

  async read(manager: EntityManager, key: K, area: ChangedArea, load: () => Promise<V>): Promise<V> {
    if (manager.queryRunner || !this.versions.trustworthy) return load();
    const version = this.versions.current(area);
    const epoch = this.versions.epoch;
    const entry = this.entries.get(key);
    if (entry && entry.version === version && entry.epoch === epoch) return this.copy(entry.value);
    // The counters are taken before the read: a write committed meanwhile leaves this entry stale at once.
    const value = await load();
    this.remember(key, { value: this.copy(value), version, epoch });
    return value;
  }

  private remember(key: K, entry: Entry<V>): void {
    this.entries.delete(key);
    // Oldest first: Map keeps insertion order, and a re-read key moves to the end.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, entry);
  }
}

/** A shallow copy that keeps the class (entities and domain records alike). */
export function copyOf<T extends object | null | undefined>(value: T): T {
  if (value === null || value === undefined) return value;
  return Object.assign(Object.create(Object.getPrototypeOf(value)), value) as T;
}

/** Shallow copies of every item. */
export function copiesOf<T extends object>(values: readonly T[]): T[] {
  return values.map(copyOf);
}
