export * from './competitions';
export * from './filters';
export * from './subscriptions';
export * from './system';
export * from './users';
