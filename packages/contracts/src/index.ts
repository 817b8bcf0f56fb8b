export * from './accounts';
export * from './envelope';
export * from './errors';
export * from './locale';
export * from './money';
export * from './site';
export * from './validation-messages';
