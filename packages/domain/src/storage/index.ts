export * from './blob-reference-store';
