/** Small statistics for repeated runs: medians for cold loads, percentiles for the area switches. */

/** The value below which `p` (0..100) of the samples fall, by nearest rank (no interpolation). */
export function percentile(samples: readonly number[], p: number): number | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] ?? null;
}

/** Median of the runs; nulls (a run that could not measure) are left out. */
export function median(samples: readonly (number | null)[]): number | null {
  const known = samples.filter((value): value is number => value !== null && Number.isFinite(value));
  if (known.length === 0) return null;
  const sorted = [...known].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? null;
  if (upper === null) return null;
  return sorted.length % 2 === 1 ? upper : (upper + (sorted[mid - 1] ?? upper)) / 2;
}

export function ratio(value: number | null, base: number | null): number | null {
  if (value === null || base === null || base === 0) return null;
  return value / base;
}
