/**
 * A score as API responses show it: three decimals, so `1 - 0.7` reads `0.3`, not
 * `0.30000000000000004`. Decisions use the unrounded value; only what is reported is rounded.
 */
export function roundScore(value: number): number {
  return Math.round(value * 1000) / 1000
}
