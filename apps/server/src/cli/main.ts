import { ConfigError } from '../config';
import { Command, CommandError, UsageError } from './command';
import { adminUserCreate } from './commands/admin-user-create';
import { adminUserGenerateAccessToken } from './commands/admin-user-generate-access-token';
import { web } from './commands/web';
import { adminQuotaRecalculate } from './commands/quota-recalculate';
import { adminQuotaReport } from './commands/quota-report';
import { adminStorageGc } from './commands/storage-gc';
import { adminStorageMigrate } from './commands/storage-migrate';

export type { Command } from './command';
export { CommandError, UsageError } from './command';

/**
 * The `bellows` command. Every command takes `--config PATH` (else
 * $BELLOWS_CONFIG, else ./data/app.ini). Errors go to stderr, exit code 1.
 */
const USAGE = `usage: bellows <command> [--config PATH]

commands:
  web                                   serve HTTP(S) until SIGTERM/SIGINT
  admin user create --username U --password P --email E [--admin]
  admin user generate-access-token --username U [--token-name N] [--scopes all] [--raw]
  admin quota recalculate [--owner NAME]
  admin quota report [--over] [--format table|json|csv] [--sort SUBJECT] [--order asc|desc] [--type user|org]
  admin storage gc [--dry-run]
  admin storage migrate --type attachments|lfs|packages|artifacts|avatars|all --to minio|local
                        [--path P] [--minio-endpoint H:P --minio-access-key-id K --minio-secret-access-key S
                         --minio-bucket B --minio-location L --minio-base-path P --minio-use-ssl --minio-insecure-skip-verify]
`;

/** Command words (space-separated) → the command. */
const COMMANDS: Record<string, Command> = {
  web,
  'admin user create': adminUserCreate,
  'admin user generate-access-token': adminUserGenerateAccessToken,
  'admin quota recalculate': adminQuotaRecalculate,
  'admin quota report': adminQuotaReport,
  'admin storage gc': adminStorageGc,
  'admin storage migrate': adminStorageMigrate,
};

/** Registers a command such as "admin quota recalculate" (space-separated words). */
export function registerCommand(words: string, command: Command): void {
  COMMANDS[words] = command;
}

/** Every leading run of command words ("admin", "admin user", …), to tell a group from a typo. */
function commandPrefixes(): Set<string> {
  const prefixes = new Set<string>();
  for (const name of Object.keys(COMMANDS)) {
    const parts = name.split(' ');
    for (let i = 1; i <= parts.length; i++) prefixes.add(parts.slice(0, i).join(' '));
  }
  return prefixes;
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
  const prefixes = commandPrefixes();
  const words: string[] = [];
  while (rest.length > 0 && prefixes.has([...words, rest[0]].join(' '))) words.push(rest.shift()!);
  return { words: words.join(' '), rest, configPath };
}

function unknownCommandProblem(words: string, rest: string[]): string {
  if (words && rest.length > 0 && !rest[0].startsWith('-')) return `unknown command "${words} ${rest[0]}"`;
  if (words) return `"${words}" needs a subcommand`;
  return rest.length > 0 ? `unknown command "${rest[0]}"` : 'no command given';
}

export async function main(argv: string[]): Promise<number | 'serving'> {
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help')) {
    process.stdout.write(USAGE);
    return 0;
  }
  try {
    const { words, rest, configPath } = splitArgv(argv);
    const command = COMMANDS[words];
    if (!command) throw new UsageError(unknownCommandProblem(words, rest));
    return (await command(rest, configPath)) ?? 0;
  } catch (error) {
    if (error instanceof UsageError) process.stderr.write(`bellows: ${error.message}\n\n${USAGE}`);
    else if (error instanceof ConfigError || error instanceof CommandError) process.stderr.write(`bellows: ${error.message}\n`);
    else process.stderr.write(`bellows: ${(error as Error)?.message ?? String(error)}\n`);
    return 1;
  }
}
