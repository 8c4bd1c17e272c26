import { parseArgs } from 'util';
import { ConfigError, loadConfig } from '../config';
import { startServer } from '../app/create-app';

/**
 * The `bellows` command. Every command takes `--config PATH` (else
 * $BELLOWS_CONFIG, else ./data/app.ini). Errors go to stderr, exit code 1.
 */
export class UsageError extends Error {}

const USAGE = `usage: bellows <command> [--config PATH]

commands:
  web                                   serve HTTP(S) until SIGTERM/SIGINT
  admin user create --username U --password P --email E [--admin]
  admin user generate-access-token --username U [--token-name N] [--scopes all] [--raw]
  admin quota recalculate [--owner NAME]
`;

/** A command resolves when done; `web` resolves with 'serving' and keeps the process alive. */
type Command = (args: string[], configPath: string | undefined) => Promise<void | 'serving'>;

const COMMANDS: Record<string, Command> = {
  web: runWeb,
};

/** Registers a command such as "admin user create" (space-separated words). */
export function registerCommand(words: string, command: Command): void {
  COMMANDS[words] = command;
}

async function runWeb(args: string[], configPath: string | undefined): Promise<'serving'> {
  parseArgs({ args, options: {}, strict: true, allowPositionals: false });
  const config = loadConfig({ configPath });
  const server = await startServer(config, { logger: ['log', 'error', 'warn'] });
  process.stdout.write(`bellows is serving on ${server.url} (${server.config.database.type})\n`);
  const stop = (signal: string) => {
    process.stdout.write(`received ${signal}, finishing in-flight requests\n`);
    server.close().then(
      () => process.exit(0),
      (error) => {
        process.stderr.write(`error while shutting down: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return 'serving';
}

/** Splits argv into the command words, the --config value and the remaining options. */
function splitArgv(argv: string[]): { words: string; rest: string[]; configPath?: string } {
  const rest: string[] = [];
  let configPath: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--config' || argv[i] === '-c') {
      configPath = argv[++i];
      if (configPath === undefined) throw new UsageError('--config needs a path');
    } else if (argv[i].startsWith('--config=')) {
      configPath = argv[i].slice('--config='.length);
    } else {
      rest.push(argv[i]);
    }
  }
  const words: string[] = [];
  while (rest.length > 0 && !rest[0].startsWith('-') && COMMANDS_PREFIXES().has([...words, rest[0]].join(' '))) words.push(rest.shift()!);
  return { words: words.join(' '), rest, configPath };
}

function COMMANDS_PREFIXES(): Set<string> {
  const prefixes = new Set<string>();
  for (const name of Object.keys(COMMANDS)) {
    const parts = name.split(' ');
    for (let i = 1; i <= parts.length; i++) prefixes.add(parts.slice(0, i).join(' '));
  }
  return prefixes;
}

export async function main(argv: string[]): Promise<number | 'serving'> {
  try {
    const { words, rest, configPath } = splitArgv(argv);
    const command = COMMANDS[words];
    if (!command) throw new UsageError(words ? `"${words}" needs a subcommand` : argv.length ? `unknown command "${argv[0]}"` : 'no command given');
    return (await command(rest, configPath)) ?? 0;
  } catch (error) {
    if (error instanceof UsageError) process.stderr.write(`bellows: ${error.message}\n\n${USAGE}`);
    else if (error instanceof ConfigError) process.stderr.write(`bellows: ${error.message}\n`);
    else process.stderr.write(`bellows: ${(error as Error).message ?? String(error)}\n`);
    return 1;
  }
}
