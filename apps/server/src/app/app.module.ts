import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { Database } from '@bellows/persistence-typeorm';
import { BellowsConfig } from '../config';
import { AuthGuard } from '../http/auth/auth.guard';
import { CoreModule } from './core.module';
import { FEATURE_MODULES } from './feature-modules';

@Module({})
export class AppModule {
  static forRoot(config: BellowsConfig, db: Database): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forRoot(config, db), ...FEATURE_MODULES],
      providers: [{ provide: APP_GUARD, useClass: AuthGuard }],
    };
  }
}
