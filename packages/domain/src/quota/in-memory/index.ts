export * from './in-memory-quota-usage-reader';
export * from './in-memory-quota-limit-store';
