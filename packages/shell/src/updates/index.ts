export * from './update-checker';
