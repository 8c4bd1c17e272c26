import { readFileSync } from 'fs';
import { BellowsConfig } from './config';
import { ConfigError } from './config-error';

export interface TlsCredentials {
  cert: Buffer;
  key: Buffer;
}

function readKeyFile(key: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new ConfigError(key, `cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/**
 * The certificate chain and private key for `PROTOCOL = https`, or undefined for
 * plain HTTP. An unreadable file is a configuration error naming its key, so the
 * operator sees which setting to fix instead of a bare ENOENT.
 */
export function readTlsCredentials(server: BellowsConfig['server']): TlsCredentials | undefined {
  if (server.protocol !== 'https') return undefined;
  return { cert: readKeyFile('[server] CERT_FILE', server.certFile), key: readKeyFile('[server] KEY_FILE', server.keyFile) };
}
