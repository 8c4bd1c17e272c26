/** The part of a Fastify instance this needs (typed loosely: Nest's adapter bundles its own fastify types). */
interface HookTarget {
  addHook(
    name: 'onSend',
    hook: (
      request: unknown,
      reply: { header(name: string, value: string): unknown },
      payload: unknown,
      done: (error: null, payload: unknown) => void,
    ) => void,
  ): unknown;
}

/**
 * Lets a stopping server finish in-flight requests without waiting on idle
 * keep-alive connections: once draining begins, every response carries
 * `Connection: close`, so each connection ends right after its last answer
 * (Fastify itself closes the connections that are idle when closing starts and
 * answers new requests on open ones with 503).
 */
export class ConnectionDraining {
  private draining = false;

  install(fastify: HookTarget): void {
    // A callback hook, not an async one: it runs on every response, and a promise per response is not free.
    fastify.addHook('onSend', (_request, reply, payload, done) => {
      if (this.draining) reply.header('connection', 'close');
      done(null, payload);
    });
  }

  begin(): void {
    this.draining = true;
  }
}
