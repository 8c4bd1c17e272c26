import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import type { Readable } from 'node:stream';

/**
 * Reads a whole JSON request body and parses it: more than `limit` bytes is a
 * 413 (the rest is drained unkept, so the client still reads the answer),
 * malformed JSON a 400. Only for documents, never for file content, which
 * streams into storage instead.
 */
export function readJsonBody(body: Readable, limit: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    body.once('error', (error) => reject(new BadRequestException(`the request body could not be read: ${error.message}`)));
    body.once('end', () => {
      if (size > limit) return reject(new PayloadTooLargeException(`the request body is larger than the limit of ${limit} bytes`));
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reject(new BadRequestException('the request body is not valid JSON'));
      }
    });
  });
}
