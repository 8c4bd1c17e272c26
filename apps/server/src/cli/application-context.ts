import 'reflect-metadata';
import { HttpException, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Database } from '@bellows/persistence-typeorm';
import { AppModule } from '../app/app.module';
import { ensureSecretKey } from '../config';
import { CommandError } from './command';
import { loadCommandConfig } from './command-config';
import { openDatabase } from '../app/open-database';
import { httpExceptionMessage } from '../http/http-exception-message';

/**
 * Runs `work` against the same application services the server uses (a Nest
 * application context over the configured, migrated database, with no HTTP
 * listener), then closes both. A rule broken inside a service (an HttpException
 * such as 422 "user already exists") becomes a CommandError with its message.
 */
export async function withApplicationContext<T>(
  configPath: string | undefined,
  work: (app: INestApplicationContext, db: Database) => Promise<T>,
): Promise<T> {
  const config = ensureSecretKey(loadCommandConfig(configPath));
  const db = await openDatabase(config);
  try {
    // No logger: the commands' output (e.g. a raw token) must be the only thing on stdout.
    const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, db), { logger: false });
    try {
      return await work(app, db);
    } finally {
      await app.close();
    }
  } catch (error) {
    if (error instanceof HttpException) throw new CommandError(httpExceptionMessage(error));
    throw error;
  } finally {
    await db.close();
  }
}
