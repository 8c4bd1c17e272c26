import { writeFileSync } from 'fs';
import { join } from 'path';
import { bellows, writeCliConfig } from '../support/cli';
import { startTestServer, TestServer } from '../support/test-server';

describe('bellows admin user commands', () => {
  let server: TestServer;
  let configFile: string;

  beforeAll(async () => {
    server = await startTestServer();
    // The command reads the same database as the running server, through an INI file given by --config.
    configFile = writeCliConfig(server);
  });
  afterAll(async () => server?.close());

  const create = (name: string, ...extra: string[]) =>
    bellows(
      'admin',
      'user',
      'create',
      '--config',
      configFile,
      '--username',
      name,
      '--password',
      `${name}-password`,
      '--email',
      `${name}@example.com`,
      ...extra,
    );

  it('creates an admin who can sign in with Basic and the password at once', async () => {
    const result = await create('ada', '--admin');
    expect(result).toEqual({ code: 0, stdout: expect.stringMatching(/^created admin user "ada" with id \d+\n$/), stderr: '' });
    const id = Number(/with id (\d+)/.exec(result.stdout)![1]);

    const me = await server.request('/user', { auth: { basic: ['ada', 'ada-password'] } });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id, login: 'ada', email: 'ada@example.com', is_admin: true });
  });

  it('creates a plain user unless --admin is given', async () => {
    const result = await create('grace');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^created user "grace" with id \d+\n$/);
    const me = await server.request('/user', { auth: { basic: ['grace', 'grace-password'] } });
    expect(me.body).toMatchObject({ login: 'grace', is_admin: false });
  });

  it('generates a token that --raw prints alone and that signs the user in', async () => {
    const result = await bellows(
      'admin',
      'user',
      'generate-access-token',
      '--config',
      configFile,
      '--username',
      'ADA',
      '--token-name',
      'ci',
      '--raw',
    );
    expect(result).toEqual({ code: 0, stdout: expect.stringMatching(/^[0-9a-f]{40}\n$/), stderr: '' });
    const me = await server.request('/user', { auth: { token: result.stdout.trim() } });
    expect(me.status).toBe(200);
    expect(me.body.login).toBe('ada');
  });

  it('says what it created without --raw, with the scopes asked for', async () => {
    const result = await bellows(
      'admin',
      'user',
      'generate-access-token',
      '--config',
      configFile,
      '--username',
      'grace',
      '--scopes',
      'read:user',
    );
    expect(result.code).toBe(0);
    const [, name, owner, token] = /^created access token "(.+)" for (\S+): ([0-9a-f]{40})\n$/.exec(result.stdout) ?? [];
    expect({ name, owner }).toEqual({ name: 'bellows-admin', owner: 'grace' });
    expect((await server.request('/user', { auth: { token } })).status).toBe(200);
    const tokens = await server.request('/users/grace/tokens', { auth: { basic: ['grace', 'grace-password'] } });
    expect(tokens.body).toEqual([
      expect.objectContaining({ name: 'bellows-admin', scopes: ['read:user'], token_last_eight: token.slice(-8) }),
    ]);
  });

  describe('refuses, on stderr with exit code 1', () => {
    it.each([
      ['a duplicate user', () => create('ada'), /"ada" is already taken/],
      ['a user name that breaks the rules', () => create('no spaces allowed'), /name/i],
      [
        'a bad e-mail address',
        () =>
          bellows('admin', 'user', 'create', '--config', configFile, '--username', 'bob', '--password', 'pw', '--email', 'not-an-address'),
        /e-mail address/,
      ],
      [
        'a missing option',
        () => bellows('admin', 'user', 'create', '--config', configFile, '--username', 'bob', '--password', 'pw'),
        /--email is required/,
      ],
      ['an unknown option', () => create('bob', '--colour'), /unknown option '--colour'/i],
      [
        'a token for an unknown user',
        () => bellows('admin', 'user', 'generate-access-token', '--config', configFile, '--username', 'nobody'),
        /user "nobody" does not exist/,
      ],
      [
        'an unknown scope',
        () =>
          bellows('admin', 'user', 'generate-access-token', '--config', configFile, '--username', 'ada', '--scopes', 'write:everything'),
        /unknown token scope "write:everything"/,
      ],
      [
        'a token name used already',
        () => bellows('admin', 'user', 'generate-access-token', '--config', configFile, '--username', 'ada', '--token-name', 'ci'),
        /already/,
      ],
      ['an unknown command', () => bellows('admin', 'user', 'explode'), /unknown command "admin user explode"/],
      [
        'an invalid configuration',
        () =>
          bellows(
            'admin',
            'user',
            'create',
            '--config',
            join(server.dataDir, 'bad.ini'),
            '--username',
            'x',
            '--password',
            'p',
            '--email',
            'x@example.com',
          ),
        /\[server\] HTTP_PORT/,
      ],
    ])('%s', async (_what, run, message) => {
      writeFileSync(join(server.dataDir, 'bad.ini'), '[server]\nHTTP_PORT = 123456\n');
      const result = await run();
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^bellows: /);
      expect(result.stderr).toMatch(message);
    });

    it('and leaves no user behind from a refused creation', async () => {
      await create('bob', '--colour');
      expect((await server.request('/users/bob')).status).toBe(404);
    });
  });
});
