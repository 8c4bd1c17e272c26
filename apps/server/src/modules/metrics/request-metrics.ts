import { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Histogram, Registry } from 'prom-client';

/** The `route` label of a request no route matched (a 404 from the router itself). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Counts and times every HTTP request by the route that answered it. The
 * `route` label is the registered pattern (`/api/v1/repos/:owner/:repo`),
 * never the URL: label values must be few, and a URL holds names and ids.
 * Git, LFS and package routes are Fastify routes like the API's, so they count too.
 */
export class RequestMetrics {
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route'>;

  constructor(registry: Registry) {
    this.requests = new Counter({
      name: 'bellows_http_requests_total',
      help: 'HTTP requests answered, by method, matched route pattern and status code.',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    });
    this.durations = new Histogram({
      name: 'bellows_http_request_duration_seconds',
      help: 'Time from receiving an HTTP request to the end of its answer, by method and matched route pattern.',
      labelNames: ['method', 'route'],
      registers: [registry],
    });
  }

  /** Fastify's onResponse hook: the answer has been sent. */
  readonly onResponse = (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    this.requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    this.durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  };
}
