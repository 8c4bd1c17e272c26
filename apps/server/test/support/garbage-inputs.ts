import { DocumentedOperation } from './openapi-operations';

/** One malformed request to send to an operation. */
export interface GarbageRequest {
  /** What is wrong with it, for the failure report. */
  label: string;
  method: string;
  /** Path relative to the API root, sent byte for byte. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer | string;
}

const LONG = 'x'.repeat(10_000);
const JSON_TYPE = { 'content-type': 'application/json' };

/** Values (as raw JSON text) that no field should accept without a 4xx, and none may turn into a 500. */
export const GARBAGE_JSON_VALUES: Record<string, string> = {
  string: '"not what you expected"',
  'empty string': '""',
  'long string': `"${LONG}"`,
  'NUL in string': '"a\\u0000b"',
  number: '12345',
  '1e309': '1e309',
  '2**64': '18446744073709551616',
  '-1': '-1',
  fraction: '0.5',
  boolean: 'true',
  object: '{"nested": {"deeper": []}}',
  array: '[1, "two", null]',
  null: 'null',
};

/** Path parameter values: huge, negative, not numeric, dot-dot, a NUL byte, bad percent-encoding, very long. */
export const GARBAGE_PATH_VALUES: Record<string, string> = {
  huge: '99999999999999999999999999',
  negative: '-1',
  'not numeric': 'abc',
  'dot-dot': '..',
  'encoded NUL': 'a%00b',
  'bad percent-encoding': '%E0%A4%A',
  'encoded slash': 'a%2Fb',
  long: 'y'.repeat(1000),
};

const GARBAGE_QUERY_VALUES = ['-1', '0', 'abc', '1e309', '99999999999999999999', '', LONG.slice(0, 2000), '%00'];

/** Credentials that are malformed rather than merely wrong: each must be a 4xx, never a 5xx. */
export const GARBAGE_CREDENTIALS: { label: string; query?: string; headers: Record<string, string> }[] = [
  { label: 'NUL in a query token', query: `token=${'a'.repeat(36)}%00bcd`, headers: {} },
  { label: 'NUL in an access_token', query: `access_token=%00${'b'.repeat(39)}`, headers: {} },
  { label: 'NUL in a Basic user name', headers: { authorization: `Basic ${Buffer.from('ad\u0000min:secret').toString('base64')}` } },
  { label: 'Basic credentials that are not base64', headers: { authorization: 'Basic %%%not-base64%%%' } },
  {
    label: 'invalid UTF-8 in Basic credentials',
    headers: { authorization: `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0xc3]).toString('base64')}` },
  },
  { label: 'a huge token', headers: { authorization: `token ${'f'.repeat(5000)}` } },
  { label: 'an unknown scheme', headers: { authorization: 'Negotiate abc' } },
  { label: 'a huge Sudo header', headers: { sudo: 'x'.repeat(5000) } },
  { label: 'NUL in the sudo parameter', query: 'sudo=ad%00min', headers: {} },
];

/** Raw bodies that are not a JSON object at all. */
const GARBAGE_BODIES: { label: string; headers: Record<string, string>; body?: Buffer | string }[] = [
  { label: 'empty body with a JSON content type', headers: JSON_TYPE, body: '' },
  { label: 'body that is not JSON', headers: JSON_TYPE, body: 'this is { not json' },
  { label: 'truncated JSON', headers: JSON_TYPE, body: '{"name": "abc' },
  {
    label: 'invalid UTF-8 inside a JSON string',
    headers: JSON_TYPE,
    body: Buffer.concat([
      Buffer.from('{"name": "a'),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('", "username": "b'),
      Buffer.from([0x80]),
      Buffer.from('"}'),
    ]),
  },
  { label: 'JSON null', headers: JSON_TYPE, body: 'null' },
  { label: 'JSON array', headers: JSON_TYPE, body: '[{"name": "a"}]' },
  { label: 'JSON string', headers: JSON_TYPE, body: '"just a string"' },
  { label: 'JSON number 1e309', headers: JSON_TYPE, body: '1e309' },
  { label: 'deeply nested JSON', headers: JSON_TYPE, body: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  {
    label: 'prototype pollution keys',
    headers: JSON_TYPE,
    body: '{"__proto__": {"isAdmin": true, "is_admin": true}, "constructor": {"prototype": {"admin": true}}}',
  },
  { label: 'unknown fields', headers: JSON_TYPE, body: '{"definitely_not_a_field": 1, "another_one": {"x": [1]}}' },
  { label: 'text/plain body', headers: { 'content-type': 'text/plain' }, body: 'hello' },
  { label: 'form body', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=a&username=b' },
  { label: 'unknown content type', headers: { 'content-type': 'application/x-bellows-garbage' }, body: '\u0000\u0001' },
];

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Names of the fields of the operation's JSON body, from our own description. */
export function bodyFields(operation: DocumentedOperation, document: any): string[] {
  let schema = operation.spec.requestBody?.content?.['application/json']?.schema;
  if (schema?.$ref) schema = document.components?.schemas?.[schema.$ref.split('/').pop()];
  return Object.keys(schema?.properties ?? {});
}

/** `{a}` → a harmless value, so only the part under test is garbage. */
function fillPlainly(template: string): string {
  return template.replace(/\{[^}]*\}/g, 'garbage-probe');
}

function pathCases(operation: DocumentedOperation): GarbageRequest[] {
  if (!operation.path.includes('{')) return [];
  return Object.entries(GARBAGE_PATH_VALUES).map(([label, value]) => ({
    label: `path parameters ${label}`,
    method: operation.method,
    path: operation.path.replace(/\{[^}]*\}/g, value),
    headers: {},
  }));
}

function queryCases(operation: DocumentedOperation): GarbageRequest[] {
  const names = new Set<string>([
    'page',
    'limit',
    ...operation.spec.parameters.filter((p: any) => p.in === 'query').map((p: any) => p.name),
  ]);
  const path = fillPlainly(operation.path);
  const cases = GARBAGE_QUERY_VALUES.map((value) => ({
    label: `every query parameter = ${JSON.stringify(value.slice(0, 20))}`,
    method: operation.method,
    path: `${path}?${[...names].map((name) => `${name}=${value}`).join('&')}`,
    headers: {},
  }));
  const repeated = [...names].map((name) => `${name}=1&${name}=2`).join('&');
  return [...cases, { label: 'every query parameter twice', method: operation.method, path: `${path}?${repeated}`, headers: {} }];
}

function bodyCases(operation: DocumentedOperation, document: any): GarbageRequest[] {
  if (!BODY_METHODS.has(operation.method)) return [];
  const path = fillPlainly(operation.path);
  const fields = bodyFields(operation, document);
  const raw = GARBAGE_BODIES.map(({ label, headers, body }) => ({ label, method: operation.method, path, headers, body }));
  if (fields.length === 0) return raw;
  const allFields = Object.entries(GARBAGE_JSON_VALUES).map(([label, value]) => ({
    label: `every body field = ${label}`,
    method: operation.method,
    path,
    headers: JSON_TYPE,
    body: `{${fields.map((field) => `${JSON.stringify(field)}: ${value}`).join(', ')}}`,
  }));
  // One wrong field at a time too: a handler may only look at a field once the others pass.
  const oneField = fields.flatMap((field) =>
    ['object', 'array', '1e309', 'long string'].map((label) => ({
      label: `body field ${field} = ${label}`,
      method: operation.method,
      path,
      headers: JSON_TYPE,
      body: `{${JSON.stringify(field)}: ${GARBAGE_JSON_VALUES[label]}}`,
    })),
  );
  return [...raw, ...allFields, ...oneField];
}

/** Every malformed request this suite sends to one operation. */
export function garbageRequestsFor(operation: DocumentedOperation, document: any): GarbageRequest[] {
  return [...pathCases(operation), ...queryCases(operation), ...bodyCases(operation, document)];
}
