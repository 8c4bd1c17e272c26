export * from './ssh-key';
export * from './ssh-key-store';
export * from './ssh-key-access';
