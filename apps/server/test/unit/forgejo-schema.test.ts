import { expectForgejoShape } from '../support/forgejo-schema';

/** The conformance helper itself: it must reject what Forgejo's clients would not expect. */
describe('expectForgejoShape', () => {
  const user = {
    id: 3,
    login: 'ada',
    login_name: '',
    full_name: 'Ada',
    email: 'ada@example.com',
    avatar_url: '',
    html_url: '',
    language: '',
    is_admin: false,
    last_login: '2024-01-01T00:00:00Z',
    created: '2024-01-01T00:00:00Z',
    restricted: false,
    active: true,
    prohibit_login: false,
    location: '',
    website: '',
    description: '',
    visibility: 'public',
    followers_count: 0,
    following_count: 0,
    starred_repos_count: 0,
    pronouns: '',
  };

  it('accepts a body with Forgejo field names and types', () => {
    expect(() => expectForgejoShape('GET', '/users/{username}', 200, user)).not.toThrow();
  });

  it('matches path templates whatever the parameter is called', () => {
    expect(() => expectForgejoShape('GET', '/users/{name}', 200, user)).not.toThrow();
  });

  it('rejects a field Forgejo does not have, naming it', () => {
    expect(() => expectForgejoShape('GET', '/users/{username}', 200, { ...user, nickname: 'x' })).toThrow(/"nickname"/);
  });

  it('rejects a field of the wrong type, naming where', () => {
    expect(() => expectForgejoShape('GET', '/users/{username}', 200, { ...user, id: '3' })).toThrow(/\/id: must be integer/);
  });

  it('looks into nested objects and arrays', () => {
    const team = { id: 1, name: 'Owners', organization: { id: 2, name: 'org', invented: true }, units: [] };
    expect(() => expectForgejoShape('GET', '/teams/{id}', 200, team)).toThrow(/\/organization: field "invented"/);
    const results = { ok: true, data: [{ ...user, id: 'seven' }] };
    expect(() => expectForgejoShape('GET', '/users/search', 200, results)).toThrow(/\/data\/0\/id/);
  });

  it('refuses an answer Forgejo does not document', () => {
    expect(() => expectForgejoShape('GET', '/users/{username}', 201, user)).toThrow(/documents no 201/);
    expect(() => expectForgejoShape('GET', '/no/such/operation', 200, {})).toThrow(/no operation/);
  });
});
