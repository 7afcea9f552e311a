export * from './encryptCardPayload';
