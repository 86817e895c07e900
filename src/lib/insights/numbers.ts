/** Fixed rounding everywhere, so the artifact's bytes do not depend on float noise. */
export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  // `+ 0` turns -0 into 0: JSON.stringify(-0) is "0" anyway, but equality checks in tests are not.
  return Math.round(value * factor) / factor + 0;
}

/** Share of `part` in `whole` as a percentage with one decimal; 0 for an empty whole. */
export function pct(part: number, whole: number): number {
  return whole === 0 ? 0 : round((part / whole) * 100, 1);
}

export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Plain code-unit order: the same in every locale, unlike localeCompare. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
