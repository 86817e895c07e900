/**
 * Five-star geometry shared by the badge and the embed card: one path holding five stars, and the
 * width of the part to paint for a rating (whole stars, then the fraction of the next one).
 */
export interface StarRow {
  /** Side of one star's square. */
  size: number;
  /** Space between two stars. */
  gap: number;
}

/** The row the badge and the card draw: 16 px stars, 2 px apart, 88 px in all. */
export const STAR_ROW: StarRow = { size: 16, gap: 2 };

const round = (n: number): number => Math.round(n * 100) / 100;

/** Width of the five stars with their gaps. */
export function rowWidth({ size, gap }: StarRow): number {
  return 5 * size + 4 * gap;
}

/** One `d` attribute drawing five five-pointed stars side by side, starting at (x, y). */
export function starsPath(row: StarRow, x = 0, y = 0): string {
  const outer = row.size / 2;
  const inner = outer * 0.4;
  // A star's points reach 1 + cos 36° of its radius down from the top: centre it vertically in its square.
  const cy = y + outer + (outer * (1 - Math.cos(Math.PI / 5))) / 2;
  const stars: string[] = [];
  for (let i = 0; i < 5; i++) {
    const cx = x + i * (row.size + row.gap) + outer;
    const points: string[] = [];
    for (let k = 0; k < 10; k++) {
      const radius = k % 2 === 0 ? outer : inner;
      const angle = -Math.PI / 2 + (k * Math.PI) / 5;
      points.push(`${round(cx + radius * Math.cos(angle))} ${round(cy + radius * Math.sin(angle))}`);
    }
    stars.push(`M${points.join('L')}Z`);
  }
  return stars.join('');
}

/** Width of the painted part for a rating of 0 to 5: 4.8 paints four stars, their gaps and 80% of the fifth. */
export function filledWidth(rating: number, row: StarRow): number {
  const clamped = Math.min(5, Math.max(0, rating));
  const whole = Math.floor(clamped);
  if (whole === 5) return rowWidth(row);
  return round(whole * (row.size + row.gap) + (clamped - whole) * row.size);
}
