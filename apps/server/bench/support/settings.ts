/**
 * A bench knob from the environment, so that a quick run is possible while
 * developing; the default is the figure. Anything but a positive
 * number is refused, so a typo never silently measures something else.
 */
export function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not "${raw}"`);
  return value;
}
