export * from './errors';
export * from './constants';
export * from './api';
export * from './realtime';
export * from './labels';
export * from './schemas';
export * from './discussions';
export * from './sidebar-social';
