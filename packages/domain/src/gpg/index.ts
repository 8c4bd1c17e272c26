export * from './gpg-key';
