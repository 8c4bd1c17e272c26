export * from './mentions';
export * from './notification-thread';
export * from './notification-store';
