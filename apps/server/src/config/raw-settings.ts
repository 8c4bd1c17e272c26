import { existsSync, readFileSync, statSync } from 'fs';
import { parse } from 'ini';
import { ConfigError } from './config-error';

/**
 * Settings as strings, keyed by upper-cased section and key: the INI file first,
 * then `BELLOWS__SECTION__KEY` environment variables on top (a dot in a section
 * name is written `_` there: BELLOWS__QUOTA_DEFAULT__TOTAL sets [quota.default] TOTAL).
 */
export type RawSettings = Map<string, Map<string, string>>;

const ENV_PATTERN = /^BELLOWS__([A-Z0-9_]+?)__([A-Z0-9_]+)$/i;

function put(settings: RawSettings, section: string, key: string, value: string): void {
  const name = section.toUpperCase();
  if (!settings.has(name)) settings.set(name, new Map());
  settings.get(name)!.set(key.toUpperCase(), value);
}

export function readIniFile(path: string): RawSettings {
  const settings: RawSettings = new Map();
  if (!existsSync(path)) return settings;
  if (!statSync(path).isFile()) throw new ConfigError('--config', `${path} is not a file`);
  const parsed = parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const visit = (section: string, values: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value !== null && typeof value === 'object') {
        // `ini` nests dotted section names ([quota.default] → quota: { default: {...} }).
        visit(section ? `${section}.${key}` : key, value as Record<string, unknown>);
      } else {
        // `ini` turns a bare `null` into null; an operator who wrote it meant "no value".
        put(settings, section || 'DEFAULT', key, value === null ? '' : String(value));
      }
    }
  };
  visit('', parsed);
  return settings;
}

export function applyEnvironment(settings: RawSettings, env: NodeJS.ProcessEnv): RawSettings {
  for (const [name, value] of Object.entries(env)) {
    const match = ENV_PATTERN.exec(name);
    if (!match || value === undefined) continue;
    put(settings, match[1].replace(/_/g, '.'), match[2], value);
  }
  return settings;
}

/** Section names as they appear after env mapping: "quota_default" and "quota.default" are one. */
export function lookup(settings: RawSettings, section: string, key: string): string | undefined {
  return settings.get(section.toUpperCase())?.get(key.toUpperCase());
}
