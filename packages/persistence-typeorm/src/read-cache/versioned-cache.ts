import { EntityManager } from 'typeorm';
import { ChangedArea, ChangeVersions } from './change-versions';

interface Entry<V> {
  value: V;
  /** Copies the value out (made for it when it was cached: see {@link shallowCopier}). */
  copy: (value: V) => V;
  version: number;
  epoch: number;
}

/** Makes the function that copies a value like `value` (once per cached value, not per read). */
export type CopierOf<V> = (value: V) => (value: V) => V;

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
    private readonly copierOf: CopierOf<V>,
  ) {}

  async read(manager: EntityManager, key: K, area: ChangedArea, load: () => Promise<V>): Promise<V> {
    if (manager.queryRunner || !this.versions.trustworthy) return load();
    const version = this.versions.current(area);
    const epoch = this.versions.epoch;
    const entry = this.entries.get(key);
    if (entry && entry.version === version && entry.epoch === epoch) return entry.copy(entry.value);
    // The counters are taken before the read: a write committed meanwhile leaves this entry stale at once.
    const value = await load();
    const copy = this.copierOf(value);
    this.remember(key, { value: copy(value), copy, version, epoch });
    return value;
  }

  private remember(key: K, entry: Entry<V>): void {
    this.entries.delete(key);
    // Oldest first: Map keeps insertion order, and a re-read key moves to the end.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, entry);
  }
}

/** Immutable values need no copy: their copier hands the value itself. */
export function asIs<V>(): (value: V) => V {
  return (value) => value;
}

/**
 * The shallow copy of objects shaped like `value` (same class, same fields),
 * keeping the class (entities and domain records alike). The copy is a
 * function written for those fields, made once per class and field list:
 * `Object.assign` adds fields as keyed stores, and V8 turns an object given
 * more than a dozen fields that way into a slow dictionary-mode object, so
 * copying an owner (some thirty columns) cost about 7 µs and made every later
 * read of it slow, where named stores keep it a fast object (about 0.3 µs).
 */
export function shallowCopier<T extends object | null | undefined>(value: T): (value: T) => T {
  if (value === null || value === undefined) return (same) => same;
  const prototype = Object.getPrototypeOf(value) as object | null;
  const fields = Object.keys(value);
  const byFields = copiersByPrototype.get(prototype ?? NO_PROTOTYPE) ?? new Map<string, (value: object) => object>();
  copiersByPrototype.set(prototype ?? NO_PROTOTYPE, byFields);
  const signature = fields.join('\n');
  let copy = byFields.get(signature);
  if (!copy) byFields.set(signature, (copy = writeCopier(prototype, fields)));
  return copy as unknown as (value: T) => T;
}

/** Shallow copies of every item (each item's copier made once, when cached). */
export function itemsCopier<T extends object>(values: readonly T[]): (values: T[]) => T[] {
  const copiers = values.map(shallowCopier);
  return (items) => items.map((item, i) => copiers[i](item));
}

/** Stands for a null prototype in the WeakMap of copiers. */
const NO_PROTOTYPE = {};
const copiersByPrototype = new WeakMap<object, Map<string, (value: object) => object>>();

/** A function that copies exactly these fields by name into a new object with this prototype. */
function writeCopier(prototype: object | null, fields: string[]): (value: object) => object {
  const stores = fields.map((field) => `copy[${JSON.stringify(field)}] = value[${JSON.stringify(field)}];`).join('\n');
  // Field names are written as string literals (JSON.stringify), so no name can change the code.
  return new Function('prototype', `return function copy(value) {\nconst copy = Object.create(prototype);\n${stores}\nreturn copy;\n};`)(
    prototype,
  ) as (value: object) => object;
}
