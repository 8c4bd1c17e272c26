import { describeGarbage, StorageGarbage } from '../../modules/storage-garbage/storage-garbage.service';
import { withApplicationContext } from '../application-context';
import { parseOptions } from '../parse-options';

/**
 * `bellows admin storage gc [--dry-run]`: removes partial uploads a crash left
 * in the storage's temporary folder and blobs no row refers to, each only once
 * it has gone unwritten for an hour (see garbage-policy.ts), and prints one
 * line per file (`unreferenced blob attachments/ab/cd/…: 5000 bytes removed`)
 * and a total, or `nothing to remove`. With `--dry-run` it removes nothing and
 * says what it would remove. Safe while the server runs.
 */
export async function adminStorageGc(args: string[], configPath: string | undefined): Promise<void> {
  const values = parseOptions(args, { 'dry-run': { type: 'boolean' } });
  const dryRun = values['dry-run'] === true;
  const swept = await withApplicationContext(configPath, (app) => app.get(StorageGarbage, { strict: false }).sweep({ dryRun }));
  if (swept.length === 0) {
    process.stdout.write('nothing to remove\n');
    return;
  }
  const bytes = swept.reduce((sum, file) => sum + file.size, 0);
  const lines = [
    ...swept.map((file) => describeGarbage(file, dryRun)),
    `${swept.length} file(s), ${bytes} bytes ${dryRun ? 'would be removed' : 'removed'}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
