#!/usr/bin/env node
// Writes apps/server/test/reference/forgejo-interface.v1.json: the shape of Forgejo's API v1
// (paths, methods, operationIds, tags, parameters, status codes, schemas and their field
// names and types) taken from Forgejo's Swagger description, without its prose
// (descriptions, summaries, titles, examples) or Go-internal names. The conformance and
// OpenAPI tests compare Bellows with it, so a clone needs nothing beside it.
//
//   node scripts/forgejo-interface.mjs path/to/forgejo-swagger.v1.json
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const source = process.argv[2];
if (!source) {
  process.stderr.write('usage: node scripts/forgejo-interface.mjs path/to/forgejo-swagger.v1.json\n');
  process.exit(2);
}
const PROSE = new Set(['description', 'summary', 'title', 'example', 'x-go-name', 'x-go-package', 'termsOfService', 'contact', 'license']);

function withoutProse(value, key) {
  if (Array.isArray(value)) return value.map((item) => withoutProse(item));
  if (value === null || typeof value !== 'object') return value;
  const kept = {};
  for (const [name, inner] of Object.entries(value)) {
    // Under "properties", "definitions", "responses" and "paths" the keys are names, not keywords.
    const isNameMap = key === 'properties' || key === 'definitions' || key === 'responses' || key === 'paths' || key === 'securityDefinitions';
    if (!isNameMap && PROSE.has(name)) continue;
    kept[name] = withoutProse(inner, name);
  }
  return kept;
}

const document = withoutProse(JSON.parse(readFileSync(source, 'utf8')));
const target = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps/server/test/reference/forgejo-interface.v1.json');
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(document)}\n`);
process.stdout.write(`wrote ${target}\n`);
