import { OwnerKind } from '@bellows/domain';
import { Database, newOwnerFields, OwnerEntity } from '@bellows/persistence-typeorm';

/** Rows per INSERT: well under both engines' bound-parameter limits (an owner row has some 17 columns). */
const CHUNK = 500;

/**
 * `count` owners named `<prefix><i>`, written straight to the owner table in
 * chunked INSERTs (a bench's 10 000 owners in seconds, not through the API);
 * answers their names. They have no summary rows: a part adds what it needs.
 */
export async function insertBenchOwners(
  db: Database,
  prefix: string,
  count: number,
  kindOf: (i: number) => OwnerKind = () => 'user',
): Promise<string[]> {
  const names = Array.from({ length: count }, (_, i) => `${prefix}${i}`);
  for (let start = 0; start < count; start += CHUNK) {
    const rows = names
      .slice(start, start + CHUNK)
      .map((name, offset) => newOwnerFields(name, { kind: kindOf(start + offset), email: `${name}@example.com` }));
    await db.dataSource
      .createQueryBuilder()
      .insert()
      .into(OwnerEntity)
      .values(rows.map((row) => ({ ...row, lowerName: row.name })))
      .execute();
  }
  return names;
}
