export * from './area-loader';
