export * from './location-store';
