import { join } from 'path';
import { tmpdir } from 'os';
import { loadConfig } from '../../src/config';

const load = (env: NodeJS.ProcessEnv) => loadConfig({ configPath: join(tmpdir(), 'no-such-bellows-app.ini'), env });

describe('[session] (browser sign-in)', () => {
  it("defaults to Forgejo's cookie name, 14 days, and a Secure cookie only on https", () => {
    expect(load({}).session).toEqual({ cookieName: 'i_like_gitea', lifetimeSeconds: 1_209_600, cookieSecure: false });
    expect(load({ BELLOWS__SERVER__ROOT_URL: 'https://forge.example/' }).session.cookieSecure).toBe(true);
  });

  it('reads COOKIE_NAME, SESSION_LIFE_TIME (seconds) and COOKIE_SECURE', () => {
    expect(
      load({
        BELLOWS__SESSION__COOKIE_NAME: 'forge_session',
        BELLOWS__SESSION__SESSION_LIFE_TIME: '86400',
        BELLOWS__SESSION__COOKIE_SECURE: 'true',
      }).session,
    ).toEqual({ cookieName: 'forge_session', lifetimeSeconds: 86_400, cookieSecure: true });
  });

  it('refuses a cookie name a header would split, and a lifetime under a minute', () => {
    expect(() => load({ BELLOWS__SESSION__COOKIE_NAME: 'my session;x' })).toThrow('[session] COOKIE_NAME');
    expect(() => load({ BELLOWS__SESSION__SESSION_LIFE_TIME: '5' })).toThrow('[session] SESSION_LIFE_TIME');
  });
});
