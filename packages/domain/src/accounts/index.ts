export * from './owner-name';
export * from './owner';
export * from './owner-store';
