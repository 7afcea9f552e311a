export * from './cleanParams';
export * from './client';
