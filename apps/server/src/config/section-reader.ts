import { ConfigError } from './config-error';
import { INT64_LIMIT, parseByteSize } from './byte-size';
import { formatDuration, parseDuration } from './duration';
import { lookup, RawSettings } from './raw-settings';

/** How a size setting reads a value, and what it uses when it cannot (see SectionReader.byteSize). */
export interface SizeRule {
  /** Bytes when the key is unset or empty, and (as in Forgejo) when its value cannot be used. */
  fallback: number;
  /** The fallback as a warning names it: `-1 (unlimited)`, `2048 MiB (the default)`. */
  fallbackText: string;
  /** Sizes to show in the warning for a value that is not one. */
  examples: string;
  /** What a number without a unit counts: bytes unless told (see parseByteSize). */
  bareUnit?: number;
  /** Whether `-1` means "unlimited", as for `[quota.default] TOTAL`. */
  minusOneIsUnlimited?: boolean;
}

/**
 * A reader for one section that turns strings into checked values, naming the
 * key on error. A value that Forgejo would silently replace is replaced the same
 * way here, and said aloud: one sentence in `warnings`, naming the key, the
 * value written and the value used.
 */
export class SectionReader {
  constructor(
    private readonly settings: RawSettings,
    private readonly section: string,
    private readonly warnings: string[],
  ) {}

  private keyName(key: string) {
    return `[${this.section}] ${key}`;
  }

  private warn(key: string, sentence: string): void {
    this.warnings.push(`${this.keyName(key)}: ${sentence}`);
  }

  /** As in Forgejo, a key written with an empty value takes its default. */
  string(key: string, fallback: string): string {
    const value = lookup(this.settings, this.section, key);
    return value === undefined || value.trim() === '' ? fallback : value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
    const value = this.string(key, fallback).trim();
    const match = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
    if (!match) throw new ConfigError(this.keyName(key), `"${value}" is not one of ${allowed.join(', ')}`);
    return match;
  }

  boolean(key: string, fallback: boolean): boolean {
    const value = lookup(this.settings, this.section, key);
    if (value === undefined) return fallback;
    const normalized = value.trim().toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(normalized)) return true;
    if (['false', '0', 'no', 'off', ''].includes(normalized)) return false;
    throw new ConfigError(this.keyName(key), `"${value}" is not a boolean (true or false)`);
  }

  integer(key: string, fallback: number, min: number, max: number): number {
    const value = lookup(this.settings, this.section, key);
    if (value === undefined || value.trim() === '') return fallback;
    if (!/^-?\d+$/.test(value.trim())) throw new ConfigError(this.keyName(key), `"${value}" is not a whole number`);
    const parsed = Number(value.trim());
    if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
      throw new ConfigError(this.keyName(key), `${value} is out of range (${min} to ${max})`);
    }
    return parsed;
  }

  /** A duration such as `30s`, `5m` or `1m30s` (see parseDuration), in milliseconds. */
  duration(key: string, fallbackMs: number, maxMs: number): number {
    const value = lookup(this.settings, this.section, key);
    if (value === undefined || value.trim() === '') return fallbackMs;
    const parsed = parseDuration(value);
    if (parsed === undefined) {
      throw new ConfigError(this.keyName(key), `"${value}" is not a duration (a number with a unit: 500ms, 30s, 5m, 1h; or 0)`);
    }
    if (parsed > maxMs) throw new ConfigError(this.keyName(key), `${value} is out of range (0 to ${formatDuration(maxMs)})`);
    return parsed;
  }

  /**
   * A size in bytes written as Forgejo writes sizes (`2GiB`, `500MB`,
   * `1,000,000`; see parseByteSize). Forgejo never refuses to start on a size:
   * what it cannot read (a word, a negative number, more than it can hold) it
   * replaces with the fallback. Bellows starts with the same value, and warns.
   */
  byteSize(key: string, rule: SizeRule): number {
    const value = this.string(key, '').trim();
    if (value === '') return rule.fallback;
    if (rule.minusOneIsUnlimited && value === '-1') return -1;
    const parsed = parseByteSize(value, rule.bareUnit);
    if ('problem' in parsed || parsed.bytes >= INT64_LIMIT) {
      this.warn(
        key,
        `"${value}" ${unusableSize(value, 'problem' in parsed ? parsed.problem : 'too-large', rule)}; using ${rule.fallbackText}`,
      );
      return rule.fallback;
    }
    if (parsed.bytes > Number.MAX_SAFE_INTEGER) {
      // Forgejo would keep it, but no disk comes near: the largest exact number is as good a limit.
      this.warn(key, `"${value}" is more bytes than Bellows counts; using ${Number.MAX_SAFE_INTEGER} (about 8 PiB)`);
      return Number.MAX_SAFE_INTEGER;
    }
    return parsed.bytes;
  }

  /**
   * A comma-separated list of whole percents, each 1 to 100, returned ascending
   * without repeats; empty (`WARN_AT =`) is an empty list, absent the fallback.
   */
  percentList(key: string, fallback: readonly number[]): number[] {
    if (lookup(this.settings, this.section, key) === undefined) return [...fallback];
    const percents = this.list(key).map((item) => {
      if (!/^\d+$/.test(item) || Number(item) < 1 || Number(item) > 100) {
        throw new ConfigError(this.keyName(key), `"${item}" is not a whole percent from 1 to 100`);
      }
      return Number(item);
    });
    return [...new Set(percents)].sort((a, b) => a - b);
  }

  list(key: string): string[] {
    return this.string(key, '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
  }
}

/** Why a size cannot be used, as the end of a sentence starting with the value. */
function unusableSize(value: string, problem: 'not-a-size' | 'too-large', rule: SizeRule): string {
  if (value.startsWith('-')) return rule.minusOneIsUnlimited ? 'is negative (the only negative size is -1, unlimited)' : 'is negative';
  if (problem === 'too-large') return 'is too large (a size must be below 8 EiB)';
  return `is not a size (like ${rule.examples})`;
}
