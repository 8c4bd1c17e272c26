import { randomBytes } from 'crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import { BellowsConfig } from './config';

/**
 * `[security] SECRET_KEY` encrypts secrets at rest (TOTP seeds, actions secrets).
 * When the configuration leaves it empty, one is generated on first start and
 * kept in `{APP_DATA_PATH}/secret_key` (mode 0600) so that it survives restarts;
 * back that file up with the database.
 */
export function ensureSecretKey(config: BellowsConfig): BellowsConfig {
  if (config.security.secretKey) return config;
  const file = join(config.server.appDataPath, 'secret_key');
  if (!existsSync(file)) {
    mkdirSync(config.server.appDataPath, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
  }
  return { ...config, security: { ...config.security, secretKey: readFileSync(file, 'utf8').trim() } };
}
