/**
 * What every `bellows` command is: a function of its own arguments (the command
 * words and `--config` already removed) and the configuration file chosen by
 * `--config`. It resolves when done; `web` resolves with 'serving' and keeps
 * the process alive until a signal.
 */
export type Command = (args: string[], configPath: string | undefined) => Promise<void | 'serving'>;

/** A mistake in how the command was called: reported with the usage text. */
export class UsageError extends Error {}

/** A command that could not do what was asked (unknown user, name taken…): reported as is. */
export class CommandError extends Error {}
