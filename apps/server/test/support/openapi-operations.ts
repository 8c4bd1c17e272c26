import { TestServer } from './test-server';

/** One operation of an OpenAPI (3) or Swagger (2) document. */
export interface DocumentedOperation {
  /** Upper case: GET, POST, … */
  method: string;
  /** The path template, e.g. `/users/{username}`. */
  path: string;
  operationId?: string;
  tags: string[];
  /** The raw operation object. */
  spec: any;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];

/** Every operation of a document, with path-level parameters merged into the operation's. */
export function operationsOf(document: { paths: Record<string, any> }): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => {
      const spec = item[method];
      const parameters = [...(item.parameters ?? []), ...(spec.parameters ?? [])];
      return { method: method.toUpperCase(), path, operationId: spec.operationId, tags: spec.tags ?? [], spec: { ...spec, parameters } };
    }),
  );
}

/**
 * The key under which two path templates are the same route: parameter names
 * do not matter (`/users/{username}` and `/users/{name}` address the same thing).
 */
export function routeKey(method: string, pathTemplate: string): string {
  return `${method.toUpperCase()} ${pathTemplate.replace(/\{[^}]*\}/g, '{}')}`;
}

/** Our own API description as the server serves it. */
export async function fetchOwnDocument(server: TestServer): Promise<any> {
  const res = await server.request('swagger.v1.json');
  if (res.status !== 200) throw new Error(`GET /swagger.v1.json answered ${res.status}`);
  return res.body;
}

/** Fills a path template's `{param}`s from a table (or with `fallback` for the rest). */
export function fillPath(template: string, values: Record<string, string>, fallback = 'x'): string {
  return template.replace(/\{([^}]*)\}/g, (_match, name: string) => encodeURIComponent(values[name] ?? fallback));
}
