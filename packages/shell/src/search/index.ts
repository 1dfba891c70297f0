export * from './search-slot';
