export * from './typeParam';
