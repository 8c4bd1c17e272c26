import 'reflect-metadata';
import { LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyInstance } from 'fastify';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Database, SqliteServingLock } from '@bellows/persistence-typeorm';
import { BellowsConfig, ensureSecretKey, readTlsCredentials } from '../config';
import { ApiErrorFilter, apiDocsUrl, clientErrorHandler, frameworkErrorHandler } from '../http/api-error.filter';
import { buildOpenApiDocument, mountOpenApi } from '../http/openapi';
import { paginationHook } from '../http/page-of';
import { PagingDefaults } from '../http/pagination';
import { answeringHeaderTimeouts, nodeServerTimeouts, RequestBodyWatchdog } from '../http/request-timeouts';
import { API_PREFIX, NON_API_ROUTES } from '../http/routes';
import { recordRegisteredRoutes } from '../http/route-registry';
import { createValidationPipe } from '../http/validation';
import { AppModule } from './app.module';
import { ConnectionDraining } from './connection-draining';
import { openDatabase } from './open-database';
import { SshServer } from '../modules/ssh/ssh-server';
import { PrometheusMetrics } from '../modules/metrics/prometheus-metrics';

export interface BellowsApp {
  app: NestFastifyApplication;
  db: Database;
  config: BellowsConfig;
  /** The base URL the server listens on, ending in '/'. */
  url: string;
  /** Stops accepting connections, finishes in-flight requests, closes the database. */
  close(): Promise<void>;
}

export interface CreateAppOptions {
  logger?: LogLevel[] | false;
}

/** Builds the whole server (database open and migrated) without listening yet. */
export async function createApp(
  rawConfig: BellowsConfig,
  options: CreateAppOptions = {},
): Promise<{ app: NestFastifyApplication; db: Database; config: BellowsConfig; draining: ConnectionDraining }> {
  const config = ensureSecretKey(rawConfig);
  const db = await openDatabase(config);
  try {
    const docsUrl = apiDocsUrl(config.server.rootUrl);
    const tls = readTlsCredentials(config.server);
    // Slow clients: headers must arrive within READ_HEADER_TIMEOUT (Node checks it); no total request time limit.
    const timeouts = nodeServerTimeouts(config.server);
    const adapter = new FastifyAdapter({
      https: tls && { ...tls, ...timeouts },
      http: timeouts,
      // The API takes JSON bodies of modest size; uploads stream through their own parsers.
      bodyLimit: 10 * 1024 * 1024,
      routerOptions: { maxParamLength: 1024 },
      // Malformed URLs rejected by Fastify itself still answer with the APIError body.
      frameworkErrors: frameworkErrorHandler(docsUrl),
      clientErrorHandler: answeringHeaderTimeouts(clientErrorHandler(docsUrl), docsUrl, config.server),
    } as ConstructorParameters<typeof FastifyAdapter>[0]);
    const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, db), adapter, {
      logger: options.logger ?? ['error', 'warn'],
    });
    recordRegisteredRoutes(app.getHttpAdapter().getInstance());
    // One watchdog for every body Bellows reads (API, uploads, git, LFS, packages, artifacts): 408 on a stall.
    new RequestBodyWatchdog(config.server.readIdleTimeoutMs, docsUrl).install(app.getHttpServer());
    const draining = new ConnectionDraining();
    draining.install(app.getHttpAdapter().getInstance());
    const pagingDefaults: PagingDefaults = config.api;
    // Typed with our fastify's types: Nest's adapter bundles a copy of its own.
    const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
    // A getter on every request instead of a hook that sets it: no extra step per request.
    fastify.decorateRequest('pagingDefaults', { getter: () => pagingDefaults });
    fastify.addHook('preSerialization', paginationHook(config.server.rootUrl));
    // SQLite cannot tell this process when a `bellows admin` command commits: every request first hears of it.
    if (db.needsCatchUp) fastify.addHook('onRequest', (_request, _reply, done) => void db.catchUp().then(() => done(), done));
    // {ROOT_URL}metrics and the per-route request series, when [metrics] ENABLED (before init: every route is timed).
    app.get(PrometheusMetrics).mount(fastify);
    app.setGlobalPrefix(API_PREFIX, { exclude: NON_API_ROUTES });
    app.useGlobalFilters(new ApiErrorFilter(docsUrl));
    app.useGlobalPipes(createValidationPipe());
    mountOpenApi(app, buildOpenApiDocument(app, config));
    await app.init();
    return { app, db, config, draining };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** Builds the server and listens on [server] HTTP_ADDR:HTTP_PORT (port 0 picks a free one). */
export async function startServer(config: BellowsConfig, options: CreateAppOptions = {}): Promise<BellowsApp> {
  // One server per SQLite file, taken before anything is migrated or served (PostgreSQL takes several).
  const onSqliteFile = config.database.type === 'sqlite3' && config.database.path !== ':memory:';
  const servingLock = onSqliteFile ? await SqliteServingLock.acquire(config.database.path) : undefined;
  let started: Awaited<ReturnType<typeof createApp>>;
  try {
    started = await createApp(config, options);
    await started.app.listen(started.config.server.httpPort, started.config.server.httpAddr);
    await listenForSsh(started.app, started.db);
  } catch (error) {
    await servingLock?.release();
    throw error;
  }
  const { app, db, config: effective, draining } = started;
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : effective.server.httpPort;
  const host = effective.server.httpAddr.includes(':') ? `[${effective.server.httpAddr}]` : effective.server.httpAddr;
  let closing: Promise<void> | undefined;
  return {
    app,
    db,
    config: effective,
    url: `${effective.server.protocol}://${host}:${port}/`,
    close: () =>
      (closing ??= (async () => {
        draining.begin();
        await app.close();
        await db.close();
        await servingLock?.release();
      })()),
  };
}

/** The built-in SSH server, when [server] START_SSH_SERVER is on; if it cannot listen, nothing is left running. */
async function listenForSsh(app: NestFastifyApplication, db: Database): Promise<void> {
  try {
    await app.get(SshServer).listen();
  } catch (error) {
    await app.close();
    await db.close();
    throw error;
  }
}
