import { existsSync, readFileSync } from 'fs';
import { resolve } from 'path';
import { DocumentedOperation, operationsOf, routeKey } from './openapi-operations';

/**
 * The shape of Forgejo's API v1 (Swagger 2.0 without its prose), the
 * reference for paths, operationIds, status codes and field names. It is
 * extracted from Forgejo's description by `npm run reference:extract` into
 * `test/reference/`, so a clone needs nothing beside it;
 * BELLOWS_FORGEJO_REFERENCE points the tests at another copy.
 */
export const FORGEJO_REFERENCE_PATH = process.env.BELLOWS_FORGEJO_REFERENCE ?? resolve(__dirname, '../reference/forgejo-interface.v1.json');

let cached: { document: any; byRoute: Map<string, DocumentedOperation> } | undefined;

function load() {
  if (!cached) {
    if (!existsSync(FORGEJO_REFERENCE_PATH)) {
      throw new Error(
        `Forgejo's API description is not at ${FORGEJO_REFERENCE_PATH}: run npm run reference:extract, or set BELLOWS_FORGEJO_REFERENCE`,
      );
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
