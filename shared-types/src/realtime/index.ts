export * from './events';
export * from './protocol';
