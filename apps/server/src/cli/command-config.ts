import { BellowsConfig, loadConfig } from '../config';

/**
 * The configuration a command runs with. Its warnings (values read otherwise
 * than written, such as a size Forgejo would also have replaced) go to stderr
 * first, one line each, so an operator sees them at every start; loadConfig
 * itself prints nothing.
 */
export function loadCommandConfig(configPath: string | undefined): BellowsConfig {
  const config = loadConfig({ configPath });
  for (const warning of config.warnings) process.stderr.write(`bellows: warning: ${warning}\n`);
  return config;
}
