import { existsSync, readFileSync } from 'fs';
import { resolve } from 'path';
import { DocumentedOperation, operationsOf, routeKey } from './openapi-operations';

/**
 * Forgejo's Swagger 2.0 description of its API v1, the reference for paths,
 * operationIds and field names. It sits beside the repository in
 * `../shared/reference/` (not copied into it); BELLOWS_FORGEJO_REFERENCE overrides.
 */
export const FORGEJO_REFERENCE_PATH =
  process.env.BELLOWS_FORGEJO_REFERENCE ?? resolve(__dirname, '../../../../../shared/reference/forgejo-swagger.v1.json');

let cached: { document: any; byRoute: Map<string, DocumentedOperation> } | undefined;

function load() {
  if (!cached) {
    if (!existsSync(FORGEJO_REFERENCE_PATH)) {
      throw new Error(`Forgejo's API description is not at ${FORGEJO_REFERENCE_PATH}: keep shared/ beside the repository, or set BELLOWS_FORGEJO_REFERENCE`);
    }
    const document = JSON.parse(readFileSync(FORGEJO_REFERENCE_PATH, 'utf8'));
    const byRoute = new Map(operationsOf(document).map((operation) => [routeKey(operation.method, operation.path), operation]));
    cached = { document, byRoute };
  }
  return cached;
}

export function forgejoReference(): any {
  return load().document;
}

/** Forgejo's operation at the same method and path template, if Forgejo has one. */
export function forgejoOperation(method: string, pathTemplate: string): DocumentedOperation | undefined {
  return load().byRoute.get(routeKey(method, pathTemplate));
}
