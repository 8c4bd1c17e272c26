export * from './accounts';
export * from './repositories/repo-name';
export * from './auth/token-scope';
export * from './quota';
export * from './issues';
export * from './notifications';
export * from './unit-of-work';
