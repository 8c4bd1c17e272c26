import { parseArgs, ParseArgsConfig } from 'util';
import { UsageError } from './command';

type OptionSpecs = NonNullable<ParseArgsConfig['options']>;
export type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

/**
 * Parses a command's `--name value` options strictly: an unknown option, a
 * missing value or a stray positional argument is a UsageError.
 */
export function parseOptions(args: string[], options: OptionSpecs): OptionValues {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The value of a required string option, or a UsageError naming it. */
export function requireOption(values: OptionValues, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.length === 0) throw new UsageError(`--${name} is required`);
  return value;
}
