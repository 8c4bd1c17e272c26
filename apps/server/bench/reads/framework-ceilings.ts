import { Controller, Get, Module, Req, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import Fastify, { FastifyReply, FastifyRequest } from 'fastify';
import { AddressInfo } from 'net';
import { RecordedAnswer } from './bare-server';

/** A server answering recorded bytes, and how to stop it. */
export interface CeilingServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The same recorded answers served by the frameworks Bellows is built on and
 * nothing else: Fastify alone, and NestJS on Fastify with one controller (no
 * guard, no pipe, no database). Measured in the same run as the bare server and
 * Bellows, they show how much of the bare server's speed each layer leaves
 * before Bellows does any work of its own: a ceiling no route can pass.
 */
export async function startFastifyCeiling(answers: RecordedAnswer[]): Promise<CeilingServer> {
  const byPath = new Map(answers.map((a) => [a.path, a]));
  const fastify = Fastify({ routerOptions: { maxParamLength: 1024 } });
  fastify.get('/*', async (request, reply) => replay(byPath, request, reply));
  await fastify.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${(fastify.server.address() as AddressInfo).port}`, close: () => fastify.close() };
}

export async function startNestCeiling(answers: RecordedAnswer[]): Promise<CeilingServer> {
  const byPath = new Map(answers.map((a) => [a.path, a]));

  @Controller()
  class ReplayController {
    @Get('*')
    replay(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Buffer | undefined {
      return replay(byPath, request, reply);
    }
  }

  @Module({ controllers: [ReplayController] })
  class ReplayModule {}

  const app = await NestFactory.create<NestFastifyApplication>(ReplayModule, new FastifyAdapter(), { logger: false });
  await app.listen(0, '127.0.0.1');
  return { url: `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`, close: () => app.close() };
}

function replay(byPath: Map<string, RecordedAnswer>, request: FastifyRequest, reply: FastifyReply): Buffer | undefined {
  const answer = byPath.get(request.url);
  if (!answer) {
    reply.code(404);
    return undefined;
  }
  reply.header('content-type', answer.contentType);
  return answer.body;
}
