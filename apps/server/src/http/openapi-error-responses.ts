import { OpenAPIObject } from '@nestjs/swagger';
import { OperationObject, ResponseObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/** Forgejo's error body, `{"message": "...", "url": "..."}`, as a named schema. */
export const API_ERROR_SCHEMA_NAME = 'APIError';

const API_ERROR_SCHEMA = {
  type: 'object' as const,
  description: 'The body of every error answer.',
  properties: {
    message: { type: 'string' as const, description: 'What went wrong, naming the offending field for invalid input.' },
    url: { type: 'string' as const, description: 'Where the API is described.' },
  },
  required: ['message', 'url'],
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Every operation of the document with its path and method. */
export function eachOperation(document: OpenAPIObject): { path: string; method: string; operation: OperationObject }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method] as OperationObject })),
  );
}

/**
 * Completes the error side of every operation, whatever its controller declared:
 * an operation that addresses a resource (its path has a parameter) documents
 * 404, and every 4xx answer carries the APIError body schema.
 */
export function documentErrorResponses(document: OpenAPIObject): OpenAPIObject {
  document.components ??= {};
  document.components.schemas ??= {};
  document.components.schemas[API_ERROR_SCHEMA_NAME] ??= API_ERROR_SCHEMA;
  for (const { path, operation } of eachOperation(document)) {
    if (path.includes('{') && !operation.responses['404']) {
      operation.responses['404'] = { description: 'The resource does not exist or the caller may not see it.' };
    }
    for (const [status, response] of Object.entries(operation.responses)) {
      if (/^4\d\d$/.test(status) && response && !('$ref' in response)) withErrorBody(response as ResponseObject);
    }
  }
  return document;
}

function withErrorBody(response: ResponseObject): void {
  response.content ??= {};
  response.content['application/json'] ??= {};
  response.content['application/json'].schema ??= { $ref: `#/components/schemas/${API_ERROR_SCHEMA_NAME}` };
}
