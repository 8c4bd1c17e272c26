export * from './oauth2-application';
export * from './oauth2-grant';
export * from './oauth2-stores';
export * from './grant-scope';
