/**
 * Resolves in a later task: work split at these boundaries lets keys typed meanwhile be handled in between
 * (the early start's pieces, the font look-up's lines).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
