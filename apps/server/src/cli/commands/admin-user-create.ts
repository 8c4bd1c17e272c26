import { UsersService } from '../../modules/accounts/users.service';
import { withApplicationContext } from '../application-context';
import { parseOptions, requireOption } from '../parse-options';

/**
 * `bellows admin user create --username U --password P --email E [--admin]`:
 * creates an active user who may sign in at once (no forced password change).
 */
export async function adminUserCreate(args: string[], configPath: string | undefined): Promise<void> {
  const values = parseOptions(args, {
    username: { type: 'string' },
    password: { type: 'string' },
    email: { type: 'string' },
    admin: { type: 'boolean', default: false },
  });
  const input = {
    username: requireOption(values, 'username'),
    password: requireOption(values, 'password'),
    email: requireOption(values, 'email'),
    isAdmin: values.admin === true,
  };
  const user = await withApplicationContext(configPath, (app) => app.get(UsersService, { strict: false }).createUser(input));
  process.stdout.write(`created ${user.isAdmin ? 'admin ' : ''}user "${user.name}" with id ${user.id}\n`);
}
