export * from './replay';
export * from './resource-events';
export * from './describe';
export * from './api';
