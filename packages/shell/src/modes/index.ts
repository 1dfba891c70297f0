export * from './modes';
