import { existsSync, readFileSync } from 'fs';
import { join } from 'path';

/** The extraction script (CommonJS, run by `npm run reference:extract`; outside the TypeScript build, so required). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const script = require(join(__dirname, '../../../../scripts/forgejo-interface.js')) as {
  extractInterface(swaggerText: string): string;
  DEFAULT_SOURCE: string;
  TARGET: string;
};

const source = process.env.BELLOWS_FORGEJO_SWAGGER ?? script.DEFAULT_SOURCE;
const extract = readFileSync(script.TARGET, 'utf8');

describe("the extract of Forgejo's API the conformance tests use (apps/server/test/reference)", () => {
  // Where Forgejo's full description is at hand (beside the repository, as on the developers' machines and in CI), the extract must be its current one.
  (existsSync(source) ? it : it.skip)('is what npm run reference:extract makes from the reference now', () => {
    expect(extract === script.extractInterface(readFileSync(source, 'utf8'))).toBe(true);
  });

  it('holds the interface (paths, operationIds, schemas with their field names) and none of the prose', () => {
    const document = JSON.parse(extract);
    expect(document.paths['/user/quota'].get.operationId).toBe('userGetQuota');
    expect(Object.keys(document.definitions.Repository.properties)).toEqual(expect.arrayContaining(['description', 'full_name', 'size']));
    const keywords = new Set<string>();
    const walk = (value: unknown, key?: string): void => {
      if (Array.isArray(value)) return value.forEach((item) => walk(item));
      if (value === null || typeof value !== 'object') return;
      for (const [name, inner] of Object.entries(value)) {
        if (!['properties', 'definitions', 'responses', 'paths', 'securityDefinitions'].includes(key ?? '')) keywords.add(name);
        walk(inner, name);
      }
    };
    walk(document);
    for (const prose of ['description', 'summary', 'title', 'example', 'x-go-name']) expect(keywords.has(prose)).toBe(false);
  });
});
