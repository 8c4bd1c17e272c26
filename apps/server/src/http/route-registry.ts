import { FastifyInstance } from 'fastify';

/** One route as the HTTP server registered it, e.g. `{ method: 'GET', url: '/api/v1/users/:username' }`. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

const registries = new WeakMap<object, RegisteredRoute[]>();

/**
 * Starts recording every route the Fastify instance registers from now on.
 * Call it before the Nest app is initialised (routes are mounted in `init()`),
 * so tests can compare what is served with what the API description lists.
 */
export function recordRegisteredRoutes(fastify: object): void {
  if (registries.has(fastify)) return;
  const routes: RegisteredRoute[] = [];
  registries.set(fastify, routes);
  // Typed as `object`: Nest's Fastify adapter may bring its own copy of Fastify's types.
  (fastify as FastifyInstance).addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method: method.toUpperCase(), url: route.url });
  });
}

/** The routes recorded on a Fastify instance (empty when recording never started). */
export function registeredRoutes(fastify: object): RegisteredRoute[] {
  return [...(registries.get(fastify) ?? [])];
}
