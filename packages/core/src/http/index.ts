export * from './cleanParams';
export * from './client';
export * from './uploadResumable';
