export * from './token-scope';
export * from './access-token';
export * from './access-token-store';
