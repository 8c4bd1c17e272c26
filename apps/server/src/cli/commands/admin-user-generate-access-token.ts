import { UsersService } from '../../modules/accounts/users.service';
import { AccessTokenService } from '../../modules/auth/access-tokens.service';
import { CommandError } from '../command';
import { withApplicationContext } from '../application-context';
import { parseOptions, requireOption } from '../parse-options';

const DEFAULT_TOKEN_NAME = 'bellows-admin';

/**
 * `bellows admin user generate-access-token --username U [--token-name N]
 * [--scopes all] [--raw]`: with --raw only the token is printed, so that a
 * script can capture it (`TOKEN=$(bellows admin user generate-access-token … --raw)`).
 */
export async function adminUserGenerateAccessToken(args: string[], configPath: string | undefined): Promise<void> {
  const values = parseOptions(args, {
    username: { type: 'string' },
    'token-name': { type: 'string', default: DEFAULT_TOKEN_NAME },
    scopes: { type: 'string', default: 'all' },
    raw: { type: 'boolean', default: false },
  });
  const username = requireOption(values, 'username');
  const tokenName = requireOption(values, 'token-name');
  const created = await withApplicationContext(configPath, async (app) => {
    const user = await app.get(UsersService, { strict: false }).findUserByName(username);
    if (!user) throw new CommandError(`user "${username}" does not exist`);
    // System users (Ghost, bellows-actions) have no row to hang a token on.
    if (user.id <= 0) throw new CommandError(`"${user.name}" is a system user and cannot have access tokens`);
    const { value } = await app.get(AccessTokenService, { strict: false }).create(user, tokenName, String(values.scopes));
    return { value, owner: user.name };
  });
  process.stdout.write(values.raw ? `${created.value}\n` : `created access token "${tokenName}" for ${created.owner}: ${created.value}\n`);
}
