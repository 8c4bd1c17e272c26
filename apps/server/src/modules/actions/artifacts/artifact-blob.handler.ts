import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { ArtifactService, downloadPath, uploadPath } from './artifact.service';
import { statusOf } from './twirp-errors';
import { UrlSigner } from './url-signer';
import { redirectToDirectUrl } from '../../storage/direct-download';
import { parseId } from '../../../http/id-param.pipe';

/** Largest block list accepted (an 8 MiB-block list of a 10 GiB artifact is about 60 KiB). */
const MAX_BLOCK_LIST_BYTES = 1024 * 1024;

type SignedRequest = FastifyRequest<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>;

/**
 * The "blob storage" behind the signed URLs: uploads speak the part of the
 * Azure Blob block-blob protocol the artifact client uses (`comp=block` with a
 * `blockid`, then `comp=blocklist`, or one whole PUT), downloads are a GET of
 * the zip. The URL's signature is the only credential.
 */
@Injectable()
export class ArtifactBlobHandler {
  constructor(
    private readonly artifacts: ArtifactService,
    private readonly signer: UrlSigner,
  ) {}

  async upload(request: SignedRequest, reply: FastifyReply): Promise<void> {
    try {
      this.assertSigned(uploadPath(request.params.id), request);
      const upload = await this.artifacts.pendingUpload(Number(request.params.id));
      const body = request.raw as Readable;
      const abort = abortOnClose(request);
      if (request.query.comp === 'block') await this.artifacts.receiveBlock(upload, request.query.blockid ?? '', body, abort);
      else if (request.query.comp === 'blocklist') await this.artifacts.commitBlocks(upload, parseBlockList(await readSmall(body)));
      else if (request.query.comp === undefined) await this.artifacts.receiveWhole(upload, body, abort);
      else throw new BadRequestException(`comp=${request.query.comp} is not supported`);
      await reply.code(201).header('x-ms-request-server-encrypted', 'false').send();
    } catch (error) {
      sendBlobError(error, reply);
    }
  }

  async download(request: SignedRequest, reply: FastifyReply): Promise<void> {
    try {
      this.assertSigned(downloadPath(request.params.id), request);
      const artifact = await this.artifacts.findById(Number(request.params.id));
      const directUrl = await this.artifacts.directZipUrl(artifact);
      if (directUrl !== null) {
        await redirectToDirectUrl(reply, directUrl, 302).send();
        return;
      }
      const zip = await this.artifacts.openZip(artifact);
      await reply
        .code(200)
        .type('application/zip')
        .header('content-length', String(artifact.compressedSize))
        .header('content-disposition', `attachment; filename="${encodeURIComponent(artifact.name)}.zip"`)
        .send(zip);
    } catch (error) {
      sendBlobError(error, reply);
    }
  }

  private assertSigned(path: string, request: SignedRequest): void {
    if (parseId(request.params.id) === null) throw new NotFoundException('no such artifact');
    if (!this.signer.verify(path, request.query.expires, request.query.sig))
      throw new ForbiddenException('the signed URL is invalid or has expired');
  }
}

/** `<BlockList><Latest>id</Latest>…</BlockList>` → the ids in order (Committed/Uncommitted are the same to us). */
export function parseBlockList(xml: string): string[] {
  if (!/<BlockList>/.test(xml)) throw new BadRequestException('the body is not a block list');
  return [...xml.matchAll(/<(Latest|Committed|Uncommitted)>([^<]*)<\/\1>/g)].map((match) => match[2]);
}

async function readSmall(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_BLOCK_LIST_BYTES) throw new BadRequestException('the block list is too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Aborts when the client goes away before the body is read, so the store removes the partial file. */
function abortOnClose(request: FastifyRequest): AbortSignal {
  const controller = new AbortController();
  request.raw.once('close', () => {
    if (!request.raw.complete) controller.abort();
  });
  return controller.signal;
}

function sendBlobError(error: unknown, reply: FastifyReply): void {
  const status = statusOf(error);
  const message = status >= 500 ? 'internal error' : error instanceof Error ? error.message : String(error);
  if (status >= 500) console.error(error);
  void reply.code(status).type('application/json').send({ message });
}
