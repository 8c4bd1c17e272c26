export * from './attachment';
export * from './attachment-store';
