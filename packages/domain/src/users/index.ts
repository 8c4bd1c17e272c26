export * from './email-address';
export * from './user-settings';
export * from './user-block';
