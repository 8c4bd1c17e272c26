import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether a request's Authorization header lets it read the metrics, as
 * Forgejo decides (routers/web/metrics.go): with no `[metrics] TOKEN` anyone
 * may; with one, the header must be exactly `Bearer <token>`. Compared in
 * constant time (of digests, so the length leaks nothing either).
 */
export function metricsAccessAllowed(token: string, authorization: string | undefined): boolean {
  if (token === '') return true;
  if (!authorization) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(authorization), digest(`Bearer ${token}`));
}
