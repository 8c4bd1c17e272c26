import multipart from '@fastify/multipart';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';

/**
 * Teaches the server `multipart/form-data` for the upload routes. The parser
 * reads nothing up front: a handler takes the file part as a stream
 * (`request.file()`) and pipes it into storage, so an upload is never held in
 * memory whole. The size limit is the storage write's (`maxBytes`), not the
 * parser's, so busboy is told no file size limit; the other limits keep a
 * crafted form from making the parser do much work.
 */
@Injectable()
export class MultipartParser implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    // The CLI builds the same modules without an HTTP server: nothing to register then.
    if (!this.adapterHost.httpAdapter) return;
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    void fastify.register(multipart, {
      limits: { fileSize: Infinity, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 20, headerPairs: 100 },
    });
  }
}
