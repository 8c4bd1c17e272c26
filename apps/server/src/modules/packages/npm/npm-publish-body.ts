import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { PassThrough, type Readable } from 'node:stream';

/** The body of `npm publish`, taken apart as it arrives. */
export interface PublishBody {
  /** The tarball's bytes, base64-decoded as they arrive; fails if the body does. */
  tarball: Readable;
  /**
   * The rest of the document, parsed once the whole body has been read: the
   * JSON with the tarball's `data` left empty (`""`). Rejects with a 400 when
   * it is not JSON or holds no tarball, with a 413 past `documentLimit`.
   */
  document: Promise<unknown>;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * `npm publish` sends one JSON document holding the tarball base64-encoded in
 * `_attachments.<file>.data`. Reading it whole would hold the tarball in
 * memory (more than a third bigger than itself) twice; instead the body is
 * scanned as it streams: the bytes of that one string are decoded straight
 * into `tarball`, and everything else (the manifest, a few KiB) is kept and
 * parsed at the end. The scanner follows only JSON's structure (strings,
 * objects, arrays, keys), enough to know where it is; JSON.parse still judges
 * the kept document.
 */
export function receivePublishBody(body: Readable, documentLimit: number): PublishBody {
  const tarball = new PassThrough({ highWaterMark: 1024 * 1024 });
  // The reader (a storage write) may attach itself a moment after a failure; it still sees the error then.
  tarball.on('error', () => undefined);
  const document = new Promise<unknown>((resolve, reject) => {
    const scanner = new PublishBodyScanner(tarball, documentLimit);
    const fail = (error: Error) => {
      tarball.destroy(error);
      body.unpipe?.();
      body.resume(); // read and drop the rest, so the client gets the answer
      reject(error);
    };
    body.on('data', (chunk: Buffer) => {
      if (scanner.failed) return;
      try {
        if (!scanner.scan(chunk)) {
          body.pause();
          tarball.once('drain', () => body.resume());
        }
      } catch (error) {
        scanner.failed = true;
        fail(error as Error);
      }
    });
    body.once('end', () => {
      if (scanner.failed) return;
      try {
        resolve(scanner.finish());
      } catch (error) {
        fail(error as Error);
      }
    });
    const gone = () => {
      if (scanner.failed || scanner.finished) return;
      scanner.failed = true;
      fail(new BadRequestException('the upload ended before the whole body was received'));
    };
    body.once('error', gone);
    body.once('close', () => setImmediate(gone)); // 'end' comes before 'close' for a complete body
  });
  document.catch(() => undefined); // the caller awaits it after the tarball: not unhandled meanwhile
  return { tarball, document };
}

interface Container {
  kind: 'object' | 'array';
  /** The last key read in an object: the one the value being read belongs to. */
  key: string | null;
  expectingKey: boolean;
}

class PublishBodyScanner {
  failed = false;
  finished = false;
  private readonly stack: Container[] = [];
  private readonly kept: Buffer[] = [];
  private keptBytes = 0;
  private inString = false;
  private stringIsKey = false;
  private escaped = false;
  private keyParts: Buffer[] = [];
  /** Inside the tarball's `data` string. */
  private inTarball = false;
  private tarballEscape = false;
  private tarballsSeen = 0;
  private base64Carry = '';
  /** Where the key being read starts in the chunk being scanned. */
  private keyStart = -1;

  constructor(
    private readonly tarball: PassThrough,
    private readonly documentLimit: number,
  ) {}

  /** Scans a chunk; false when the tarball's reader asks to wait. */
  scan(chunk: Buffer): boolean {
    let writable = true;
    let keepFrom = 0;
    let i = 0;
    this.keyStart = this.inString && this.stringIsKey ? 0 : -1;
    while (i < chunk.length) {
      if (this.inTarball) {
        const end = this.tarballSpanEnd(chunk, i);
        writable = this.decode(chunk, i, end.stop) && writable;
        i = end.next;
        if (!this.inTarball) keepFrom = end.stop; // the closing quote is kept: `"data":""`
        continue;
      }
      const byte = chunk[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) this.endString(chunk, i);
        i++;
        continue;
      }
      if (byte === QUOTE) {
        if (this.atTarballData()) {
          this.keep(chunk.subarray(keepFrom, i + 1));
          if (++this.tarballsSeen > 1) throw new BadRequestException('"_attachments" must hold exactly one tarball');
          this.inTarball = true;
          i++;
          continue;
        }
        this.startString(i);
      } else this.structure(byte);
      i++;
    }
    if (!this.inTarball) this.keep(chunk.subarray(keepFrom));
    if (this.inString && this.stringIsKey) this.keyParts.push(chunk.subarray(this.keyStart)); // a key cut by the chunk's end
    return writable;
  }

  /** The kept document, parsed; the tarball stream ends. */
  finish(): unknown {
    if (this.inTarball || this.inString || this.stack.length > 0) throw new BadRequestException('the request body is not valid JSON');
    if (this.tarballsSeen === 0) throw new BadRequestException('the attachment must have its content base64-encoded in "data"');
    if (this.base64Carry.length > 0) this.tarball.write(Buffer.from(this.base64Carry, 'base64'));
    this.tarball.end();
    this.finished = true;
    try {
      return JSON.parse(Buffer.concat(this.kept).toString('utf8'));
    } catch {
      throw new BadRequestException('the request body is not valid JSON');
    }
  }

  private startString(at: number): void {
    this.inString = true;
    const top = this.stack[this.stack.length - 1];
    this.stringIsKey = top?.kind === 'object' && top.expectingKey;
    if (this.stringIsKey) {
      this.keyParts = [];
      this.keyStart = at + 1;
    }
  }

  private endString(chunk: Buffer, at: number): void {
    this.inString = false;
    if (!this.stringIsKey) return;
    const raw = Buffer.concat([...this.keyParts, chunk.subarray(this.keyStart, at)]);
    this.keyParts = [];
    let key: string;
    try {
      key = JSON.parse(`"${raw.toString('utf8')}"`) as string;
    } catch {
      throw new BadRequestException('the request body is not valid JSON');
    }
    this.stack[this.stack.length - 1].key = key;
  }

  private structure(byte: number): void {
    const top = this.stack[this.stack.length - 1];
    switch (byte) {
      case 0x7b: // {
        this.stack.push({ kind: 'object', key: null, expectingKey: true });
        break;
      case 0x5b: // [
        this.stack.push({ kind: 'array', key: null, expectingKey: false });
        break;
      case 0x7d: // }
      case 0x5d: // ]
        if (!top) throw new BadRequestException('the request body is not valid JSON');
        this.stack.pop();
        break;
      case 0x3a: // :
        if (top) top.expectingKey = false;
        break;
      case 0x2c: // ,
        if (top?.kind === 'object') top.expectingKey = true;
        break;
    }
  }

  /** About to read a string value at `_attachments.<file>.data` of the top-level object. */
  private atTarballData(): boolean {
    const [root, attachments, attachment] = this.stack;
    return (
      this.stack.length === 3 &&
      root.kind === 'object' &&
      root.key === '_attachments' &&
      attachments.kind === 'object' &&
      attachment.kind === 'object' &&
      attachment.key === 'data' &&
      !attachment.expectingKey
    );
  }

  /**
   * Where the base64 from `from` stops in this chunk (`stop`), and where scanning
   * goes on (`next`). Handles the escapes a JSON encoder may put in base64:
   * `\/` (some escape every slash) and the whitespace of line-wrapped base64.
   */
  private tarballSpanEnd(chunk: Buffer, from: number): { stop: number; next: number } {
    if (this.tarballEscape) {
      this.tarballEscape = false;
      this.escapeIn(chunk[from]);
      return { stop: from, next: from + 1 };
    }
    const quote = chunk.indexOf(QUOTE, from);
    const end = quote === -1 ? chunk.length : quote;
    const backslash = chunk.indexOf(BACKSLASH, from);
    if (backslash !== -1 && backslash < end) {
      // Decode up to the escape; the escape itself is handled on the next call.
      if (backslash > from) return { stop: backslash, next: backslash };
      if (backslash + 1 >= chunk.length) {
        this.tarballEscape = true;
        return { stop: from, next: chunk.length };
      }
      this.escapeIn(chunk[backslash + 1]);
      return { stop: from, next: backslash + 2 };
    }
    if (quote === -1) return { stop: chunk.length, next: chunk.length };
    this.inTarball = false;
    return { stop: quote, next: quote + 1 };
  }

  private escapeIn(byte: number): void {
    if (byte === 0x2f) this.decode(Buffer.from('/'), 0, 1);
    else if (byte !== 0x6e && byte !== 0x72 && byte !== 0x74) {
      throw new BadRequestException('the attachment\'s "data" must be base64');
    }
  }

  /** Decodes the base64 in chunk[from, to) into the tarball; false when its reader asks to wait. */
  private decode(chunk: Buffer, from: number, to: number): boolean {
    if (to <= from || this.tarball.destroyed) return true; // a refused tarball: the rest of the body is read and dropped
    const text = this.base64Carry + chunk.toString('latin1', from, to);
    const whole = text.length - (text.length % 4);
    this.base64Carry = text.slice(whole);
    if (whole === 0) return true;
    return this.tarball.write(Buffer.from(whole === text.length ? text : text.slice(0, whole), 'base64'));
  }

  private keep(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.keptBytes += bytes.length;
    if (this.keptBytes > this.documentLimit) {
      throw new PayloadTooLargeException(`the document besides its tarball is larger than the limit of ${this.documentLimit} bytes`);
    }
    this.kept.push(bytes);
  }
}
