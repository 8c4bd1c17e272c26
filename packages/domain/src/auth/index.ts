export * from './token-scope';
