export * from './email-address';
export * from './user-settings';
