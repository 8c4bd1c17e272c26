export * from './errors';
export * from './keys';
export {
  type BlobBackend,
  type WriteOptions,
  type BlobInfo,
  type HashedBlobInfo,
  type StoredBlob,
  type BlobStat,
  type ListedBlob,
  type TemporaryFile,
  type PresignedReadOptions,
} from './blob-backend';
export { BlobStore } from './blob-store';
export { ContentAddressedStore, type PutResult } from './content-addressed-store';
export { type DigestAlgorithm, type Digests } from './digests';
export { S3BlobStore, type S3BlobStoreOptions } from './s3-blob-store';
export * from './testing/s3-test-server';
