export * from './accounts/owner-name';
export * from './auth/token-scope';
