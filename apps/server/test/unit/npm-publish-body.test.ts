import { randomBytes } from 'crypto';
import { Readable } from 'stream';
import { receivePublishBody } from '../../src/modules/packages/npm/npm-publish-body';

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function publishDocument(data: string, before = true): string {
  const manifest = `"name":"a\\"b","versions":{"1.0.0":{"name":"x","data":"not the tarball"}}`;
  const attachments = `"_attachments":{"x-1.0.0.tgz":{"content_type":"application/octet-stream","data":"${data}","length":5}}`;
  return before ? `{${manifest},${attachments}}` : `{${attachments},${manifest}}`;
}

describe('receivePublishBody', () => {
  const tarball = randomBytes(1000);

  it.each([1, 2, 3, 7, 64, 4096])('takes the tarball apart from the document, in chunks of %i bytes', async (size) => {
    for (const before of [true, false]) {
      const text = publishDocument(tarball.toString('base64'), before);
      const chunks: Buffer[] = [];
      for (let i = 0; i < text.length; i += size) chunks.push(Buffer.from(text.slice(i, i + size)));
      const body = receivePublishBody(Readable.from(chunks), 1024 * 1024);
      const [content, document] = await Promise.all([collect(body.tarball), body.document]);
      expect(content.equals(tarball)).toBe(true);
      expect(document).toEqual(JSON.parse(publishDocument('', before)));
    }
  });

  it('reads escaped slashes and line breaks in the base64', async () => {
    const wrapped = tarball
      .toString('base64')
      .replace(/(.{76})/g, '$1\\n')
      .replace(/\//g, '\\/');
    const body = receivePublishBody(Readable.from([Buffer.from(publishDocument(wrapped))]), 1024 * 1024);
    expect((await collect(body.tarball)).equals(tarball)).toBe(true);
    await expect(body.document).resolves.toBeDefined();
  });

  it('refuses a document without a tarball, a malformed one, and one past the limit', async () => {
    const none = receivePublishBody(Readable.from([Buffer.from('{"name":"x","_attachments":{}}')]), 1024);
    await expect(none.document).rejects.toThrow(/base64-encoded/);
    const malformed = receivePublishBody(Readable.from([Buffer.from(publishDocument('QUJD').slice(0, -1))]), 1024);
    await expect(malformed.document).rejects.toThrow(/not valid JSON/);
    const large = receivePublishBody(Readable.from([Buffer.from(publishDocument('QUJD'))]), 20);
    await expect(large.document).rejects.toThrow(/larger than the limit/);
  });
});
