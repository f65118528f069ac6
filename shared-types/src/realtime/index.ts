export * from './events';
export * from './protocol';
export * from './subscribe.schema';
export * from './presence';
export * from './project-watch';
export * from './user-channel';
