import { startServer } from '../../app/create-app';
import { loadCommandConfig } from '../command-config';
import { parseOptions } from '../parse-options';

/** How long in-flight requests may take to finish after SIGTERM/SIGINT before the process gives up. */
const SHUTDOWN_GRACE_MS = 30_000;

/**
 * `bellows web`: serves HTTP or HTTPS until SIGTERM or SIGINT, then stops
 * accepting connections, lets in-flight requests finish, closes the database
 * and exits 0. A second signal during that time ends the process at once.
 */
export async function web(args: string[], configPath: string | undefined): Promise<'serving'> {
  parseOptions(args, {});
  const config = loadCommandConfig(configPath);
  // Warnings and errors only: Nest's per-route start-up lines would drown the one line operators need.
  const server = await startServer(config, { logger: ['error', 'warn'] });
  const stop = (signal: NodeJS.Signals) => {
    process.stdout.write(`received ${signal}, finishing in-flight requests\n`);
    // A second signal is not caught any more, so it ends the process the default way.
    process.off('SIGTERM', stop).off('SIGINT', stop);
    setTimeout(() => {
      process.stderr.write(`in-flight requests did not finish within ${SHUTDOWN_GRACE_MS / 1000} s, exiting\n`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    server.close().then(
      () => {
        process.stdout.write('stopped: requests finished, database closed\n');
        process.exit(0);
      },
      (error) => {
        process.stderr.write(`error while shutting down: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // Announced only once the handlers are in place, so a supervisor that signals right after sees a clean stop.
  process.stdout.write(`bellows is serving on ${server.url} (${server.config.database.type})\n`);
  return 'serving';
}
