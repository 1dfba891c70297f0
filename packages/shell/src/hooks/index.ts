export * from './use-debounced-value';
export * from './use-shell-state';
