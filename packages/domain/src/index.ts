export * from './accounts/owner-name';
export * from './repositories/repo-name';
export * from './auth/token-scope';
export * from './quota';
export * from './issues';
export * from './notifications';
