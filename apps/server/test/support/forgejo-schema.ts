import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { forgejoOperation, forgejoReference } from './forgejo-reference';

/**
 * Checks our JSON answers against Forgejo's Swagger 2.0 reference: the types of
 * the fields we send, and that we send no field Forgejo does not have.
 *
 * The reference is adapted for ajv on load:
 * - `#/definitions/X` refs point into one schema holding all definitions;
 * - every object with declared properties forbids others, so an invented field
 *   name (at any depth) is an error;
 * - a nested object or array may be null: Forgejo's Go structs send nil pointers
 *   and nil slices as null, so clients already handle it;
 * - Swagger's `x-go-*` keywords are ignored (`strict: false`).
 */
const DEFINITIONS_ID = 'forgejo-definitions';

let ajv: Ajv | undefined;
const validators = new Map<string, ValidateFunction>();

function adapt(schema: any): any {
  if (Array.isArray(schema)) return schema.map(adapt);
  if (!schema || typeof schema !== 'object') return schema;
  const adapted: any = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string') adapted.$ref = value.replace(/^#\/definitions\//, `${DEFINITIONS_ID}#/definitions/`);
    else if (key === 'properties')
      adapted.properties = Object.fromEntries(
        Object.entries(value as object).map(([name, property]) => [name, nullableWhenComposite(adapt(property))]),
      );
    else if (!key.startsWith('x-') && key !== 'example') adapted[key] = adapt(value);
  }
  if (adapted.properties && adapted.additionalProperties === undefined) adapted.additionalProperties = false;
  return adapted;
}

function nullableWhenComposite(schema: any): any {
  const composite = schema.$ref || schema.type === 'object' || schema.type === 'array';
  return composite ? { anyOf: [{ type: 'null' }, schema] } : schema;
}

function validatorFor(key: string, schema: any): ValidateFunction {
  if (!ajv) {
    ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addFormat('uint64', { type: 'number', validate: (value: number) => Number.isInteger(value) && value >= 0 });
    ajv.addSchema({ $id: DEFINITIONS_ID, definitions: adapt(forgejoReference().definitions) });
  }
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(adapt(schema));
    validators.set(key, validate);
  }
  return validate;
}

/** The schema Forgejo documents for an answer, or null when the answer has no body (204). */
export function forgejoResponseSchema(method: string, pathTemplate: string, status: number): any | null {
  const operation = forgejoOperation(method, pathTemplate);
  if (!operation) throw new Error(`Forgejo has no operation ${method} ${pathTemplate}`);
  let response = operation.spec.responses?.[String(status)];
  // Forgejo answers every error with APIError, even where an operation does not list that status.
  if (!response && status >= 400) return { $ref: '#/definitions/APIError' };
  if (!response) throw new Error(`Forgejo documents no ${status} answer for ${method} ${pathTemplate} (${operation.operationId})`);
  if (response.$ref) response = forgejoReference().responses[response.$ref.replace(/^#\/responses\//, '')];
  return response.schema ?? null;
}

/**
 * Fails (throws with every mismatch listed) unless `body` has the shape Forgejo
 * documents for this operation and status.
 */
export function expectForgejoShape(method: string, pathTemplate: string, status: number, body: unknown): void {
  const schema = forgejoResponseSchema(method, pathTemplate, status);
  const where = `${method} ${pathTemplate} → ${status}`;
  if (schema === null) {
    if (body !== undefined && body !== '')
      throw new Error(`${where}: Forgejo sends no body here, we sent ${JSON.stringify(body).slice(0, 200)}`);
    return;
  }
  const validate = validatorFor(`${method} ${pathTemplate} ${status}`, schema);
  if (!validate(body)) {
    const problems = (validate.errors ?? [])
      // The nullable wrapper adds "must be null" and an anyOf summary; the real error is listed beside them.
      .filter((error) => error.keyword !== 'anyOf' && !(error.keyword === 'type' && error.params.type === 'null'))
      .map((error) =>
        error.keyword === 'additionalProperties'
          ? `${error.instancePath || '/'}: field "${error.params.additionalProperty}" is not in Forgejo's schema`
          : `${error.instancePath || '/'}: ${error.message}`,
      );
    throw new Error(`${where}: the body does not match Forgejo's schema:\n  ${[...new Set(problems)].join('\n  ')}`);
  }
}
