import { randomBytes } from 'crypto';
import { join } from 'path';
import { BellowsConfig } from './config';
import { readOrCreateOnce } from './file-once';

/**
 * `[security] SECRET_KEY` encrypts secrets at rest (TOTP seeds, actions secrets).
 * When the configuration leaves it empty, one is generated on first start and
 * kept in `{APP_DATA_PATH}/secret_key` (mode 0600) so that it survives restarts;
 * back that file up with the database. Instances that share APP_DATA_PATH and
 * start at once agree on one key; instances that do not share it must set
 * SECRET_KEY, the same on each.
 */
export function ensureSecretKey(config: BellowsConfig): BellowsConfig {
  if (config.security.secretKey) return config;
  const file = join(config.server.appDataPath, 'secret_key');
  const secretKey = readOrCreateOnce(file, () => randomBytes(32).toString('base64url') + '\n').trim();
  return { ...config, security: { ...config.security, secretKey } };
}
