export * from './byte-size';
export * from './config';
export * from './config-error';
export * from './duration';
export * from './load-config';
export * from './secret-key';
export * from './tls';
export * from './ssh-settings';
