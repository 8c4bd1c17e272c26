import { DynamicModule, Global, Module } from '@nestjs/common';
import { Database } from '@bellows/persistence-typeorm';
import { BellowsConfig } from '../config';
import { Authenticate } from '../http/auth/authenticate';
import { Authenticator } from '../modules/auth/authenticator';
import { PORT_PROVIDERS } from './ports';
import { CONFIG } from './tokens';

/**
 * What every feature module may inject: the configuration, the ports (bound to their adapters), the database, the
 * authenticator (also bound to http/'s Authenticate port, which the auth guard uses).
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: BellowsConfig, db: Database): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: CONFIG, useValue: config },
        { provide: Database, useValue: db },
        ...PORT_PROVIDERS,
        Authenticator,
        { provide: Authenticate, useExisting: Authenticator },
      ],
      exports: [CONFIG, Database, ...PORT_PROVIDERS.map((binding) => binding.provide), Authenticator, Authenticate],
    };
  }
}
