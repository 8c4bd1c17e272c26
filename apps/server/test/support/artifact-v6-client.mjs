// The current @actions/artifact (6.x, ESM only, artifact protocol version 7)
// as a workflow step runs it: uploads one file, looks the artifact up, lists
// the run's artifacts and downloads it back, checking the digest. Jest cannot
// load an ESM-only package, so tests run this in a child process.
//
//   node artifact-v6-client.mjs <artifact-name> <file> <download-dir> <result.json>
//
// The run comes from the environment as on a runner: ACTIONS_RUNTIME_TOKEN,
// ACTIONS_RESULTS_URL, GITHUB_SERVER_URL. The client logs to stdout, so the
// outcome is written as JSON to <result.json>.
import { writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { DefaultArtifactClient } from '@actions/artifact-v6';

const [name, file, downloadDir, resultFile] = process.argv.slice(2);
if (!resultFile) {
  console.error('usage: artifact-v6-client.mjs <artifact-name> <file> <download-dir> <result.json>');
  process.exit(2);
}

const client = new DefaultArtifactClient();
const uploaded = await client.uploadArtifact(name, [file], dirname(file));
const { artifact } = await client.getArtifact(name);
const { artifacts } = await client.listArtifacts();
const downloaded = await client.downloadArtifact(artifact.id, { path: downloadDir, expectedHash: artifact.digest });

writeFileSync(
  resultFile,
  JSON.stringify({
    uploaded,
    artifact,
    listed: artifacts.map((a) => ({ id: a.id, name: a.name, size: a.size })),
    digestMismatch: downloaded.digestMismatch,
    downloadedFile: `${downloaded.downloadPath}/${basename(file)}`,
  }),
);
