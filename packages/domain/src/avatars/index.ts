export * from './avatar-image';
export * from './avatar-store';
