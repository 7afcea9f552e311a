export * from './redirect';
export * from './store';
