/** Base class of every storage error, so callers can map them to HTTP statuses. */
export class BlobStoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** A key is not a safe relative path (→ 400). */
export class InvalidBlobKeyError extends BlobStoreError {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`invalid blob key ${JSON.stringify(key)}: ${reason}`);
  }
}

/** No blob under this key (→ 404). */
export class BlobNotFoundError extends BlobStoreError {
  constructor(readonly key: string) {
    super(`blob ${key} does not exist`);
  }
}

/** A blob already exists and the write asked not to replace it (→ 409). */
export class BlobExistsError extends BlobStoreError {
  constructor(readonly key: string) {
    super(`blob ${key} already exists`);
  }
}

/** The content grew past the allowed size; the upload was stopped there (→ 413). */
export class BlobTooLargeError extends BlobStoreError {
  constructor(readonly maxBytes: number) {
    super(`content is larger than ${maxBytes} bytes`);
  }
}

/** The content is not what the uploader announced (→ 400/422). */
export class BlobMismatchError extends BlobStoreError {
  constructor(
    readonly property: 'size' | 'sha256',
    readonly expected: string | number,
    readonly actual: string | number,
  ) {
    super(`content ${property} is ${actual}, expected ${expected}`);
  }
}

/** The source failed or ended early (client disconnect, abort signal) (→ 400/499). */
export class BlobAbortedError extends BlobStoreError {
  constructor(readonly reason?: unknown) {
    super(`upload aborted${reason instanceof Error ? `: ${reason.message}` : ''}`);
  }
}
