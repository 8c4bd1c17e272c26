import { existsSync, readFileSync, statSync } from 'fs';
import { ConfigError } from './config-error';
import { DEFAULT_SECTION, IniSyntaxError, parseIni } from './ini-file';
import { expandReferences } from './interpolation';

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
  try {
    for (const entry of parseIni(readFileSync(path, 'utf8'))) put(settings, entry.section, entry.key, entry.value);
  } catch (error) {
    // Forgejo refuses to start on a file its INI library cannot read; so does Bellows, saying where.
    if (error instanceof IniSyntaxError) throw new ConfigError('--config', `${path}, ${error.message}`);
    throw error;
  }
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

function rawValue(settings: RawSettings, section: string, key: string): string | undefined {
  return settings.get(section.toUpperCase())?.get(key.toUpperCase());
}

/** `[a.b.c]` is nested in `[a.b]`, itself in `[a]`. */
function enclosingSections(section: string): string[] {
  const parts = section.split('.');
  return parts.slice(1).map((_, i) => parts.slice(0, parts.length - 1 - i).join('.'));
}

/**
 * The value a `%(NAME)s` in `[section] KEY` stands for: NAME in the same
 * section (never KEY itself), else in an enclosing one, else at the top.
 */
function referencedValue(settings: RawSettings, section: string, key: string, name: string): string | undefined {
  const own = rawValue(settings, section, name);
  const isItself = name.toUpperCase() === key.toUpperCase();
  if (own !== undefined && !isItself) return own;
  if (own === undefined) {
    for (const outer of enclosingSections(section)) {
      const value = rawValue(settings, outer, name);
      if (value !== undefined) return value;
    }
  }
  return rawValue(settings, DEFAULT_SECTION, name);
}

/**
 * A setting's value with its `%(NAME)s` references replaced (after the
 * environment is applied, so a reference sees an overridden value), or
 * undefined when neither the file nor the environment sets it. Section names
 * as they appear after env mapping: "quota_default" and "quota.default" are one.
 */
export function lookup(settings: RawSettings, section: string, key: string): string | undefined {
  const value = rawValue(settings, section, key);
  if (value === undefined) return undefined;
  return expandReferences(value, (name) => referencedValue(settings, section, key, name));
}
