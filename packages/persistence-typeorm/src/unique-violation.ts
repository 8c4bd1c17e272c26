/**
 * True when a write failed because it broke a unique index. Checks made before
 * a write can race with another writer on PostgreSQL; callers turn this into
 * the same "already exists" answer the check would have given.
 */
export function isUniqueViolation(error: unknown): boolean {
  const driverError =
    (error as { driverError?: { code?: string; message?: string } })?.driverError ?? (error as { code?: string; message?: string });
  if (driverError?.code === '23505') return true; // PostgreSQL unique_violation
  return typeof driverError?.message === 'string' && driverError.message.includes('UNIQUE constraint failed');
}
