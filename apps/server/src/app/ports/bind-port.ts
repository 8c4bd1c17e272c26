import { FactoryProvider } from '@nestjs/common';
import { Database } from '@bellows/persistence-typeorm';

/** A port (an abstract class): it is both the type use cases depend on and the injection token. */
export type Port<P> = abstract new (...args: never[]) => P;

/**
 * Binds a port to its TypeORM adapter. The compiler checks here that the
 * adapter satisfies the port, so use cases never see the adapter's own types.
 */
export function bindPort<P>(port: Port<P>, adapter: (db: Database) => P): FactoryProvider<P> {
  return { provide: port, useFactory: adapter, inject: [Database] };
}
