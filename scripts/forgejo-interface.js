#!/usr/bin/env node
// The shape of Forgejo's API v1 (paths, methods, operationIds, tags, parameters, status
// codes, schemas with their field names and types) taken from Forgejo's Swagger
// description without its prose (descriptions, summaries, titles, examples) or Go-internal
// names. The conformance and OpenAPI tests compare Bellows with it, so a clone needs
// nothing beside it.
//
//   npm run reference:extract [-- path/to/forgejo-swagger.v1.json]
//
// reads ../shared/reference/forgejo-swagger.v1.json (beside the repository) by default and
// writes apps/server/test/reference/forgejo-interface.v1.json.
'use strict';
const { readFileSync, writeFileSync, mkdirSync } = require('node:fs');
const { dirname, join, resolve } = require('node:path');

const ROOT = resolve(__dirname, '..');
const DEFAULT_SOURCE = join(ROOT, '..', 'shared', 'reference', 'forgejo-swagger.v1.json');
const TARGET = join(ROOT, 'apps', 'server', 'test', 'reference', 'forgejo-interface.v1.json');

const PROSE = new Set(['description', 'summary', 'title', 'example', 'x-go-name', 'x-go-package', 'termsOfService', 'contact', 'license']);
// Under these keys the keys are names (a field called "description"), not Swagger keywords.
const NAME_MAPS = new Set(['properties', 'definitions', 'responses', 'paths', 'securityDefinitions']);

function withoutProse(value, key) {
  if (Array.isArray(value)) return value.map((item) => withoutProse(item));
  if (value === null || typeof value !== 'object') return value;
  const kept = {};
  for (const [name, inner] of Object.entries(value)) {
    if (!NAME_MAPS.has(key) && PROSE.has(name)) continue;
    kept[name] = withoutProse(inner, name);
  }
  return kept;
}

/** The extract's text for a Swagger document's text. */
function extractInterface(swaggerText) {
  return `${JSON.stringify(withoutProse(JSON.parse(swaggerText)))}\n`;
}

module.exports = { extractInterface, DEFAULT_SOURCE, TARGET };

if (require.main === module) {
  const source = process.argv[2] ? resolve(process.argv[2]) : DEFAULT_SOURCE;
  mkdirSync(dirname(TARGET), { recursive: true });
  writeFileSync(TARGET, extractInterface(readFileSync(source, 'utf8')));
  process.stdout.write(`wrote ${TARGET} from ${source}\n`);
}
