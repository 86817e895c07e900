/**
 * How the pages write dates and numbers. Fixed locale and UTC, so the same content gives the same
 * bytes on any build machine (a content date is a calendar date, not an instant).
 */
const day = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
const month = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long' });
const shortMonth = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: '2-digit', month: 'short' });
const integer = new Intl.NumberFormat('en-US');

/** `2025-03-10` → `March 10, 2025`. */
export function formatDate(date: string): string {
  return day.format(new Date(`${date}T00:00:00Z`));
}

/** `2025-03` → `March 2025`. */
export function formatMonth(yearMonth: string): string {
  return month.format(new Date(`${yearMonth}-01T00:00:00Z`));
}

/** `2025-03` → `Mar 25`, for chart axes. */
export function formatShortMonth(yearMonth: string): string {
  return shortMonth.format(new Date(`${yearMonth}-01T00:00:00Z`));
}

export function formatCount(n: number): string {
  return integer.format(n);
}

/** A rating with the decimals the dataset gives it (`4.8`, `4.75`), never more. */
export function formatRating(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** `1 review`, `2 reviews`. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** The text alternative of a star rating, the same everywhere it is drawn. */
export function ratingLabel(rating: number): string {
  return `Rated ${formatRating(rating)} out of 5`;
}

const DAY_NAMES = { Mo: 'Monday', Tu: 'Tuesday', We: 'Wednesday', Th: 'Thursday', Fr: 'Friday', Sa: 'Saturday', Su: 'Sunday' } as const;
export type DayCode = keyof typeof DAY_NAMES;

export function dayName(code: DayCode): string {
  return DAY_NAMES[code];
}

/** `Mo Tu We Th Fr` → `Monday to Friday`; days that do not follow each other are listed. */
export function formatDays(days: readonly DayCode[]): string {
  const order = Object.keys(DAY_NAMES) as DayCode[];
  const idx = days.map((d) => order.indexOf(d));
  const consecutive = idx.length > 2 && idx.every((v, i) => i === 0 || v === idx[i - 1]! + 1);
  if (consecutive) return `${dayName(days[0]!)} to ${dayName(days.at(-1)!)}`;
  return days.map(dayName).join(', ');
}

const SOURCE_NAMES: Record<string, string> = {
  google: 'Google',
  yelp: 'Yelp',
  facebook: 'Facebook',
  nextdoor: 'Nextdoor',
  website: 'our website',
  angi: 'Angi',
  trustpilot: 'Trustpilot',
  bbb: 'BBB',
  thumbtack: 'Thumbtack',
  houzz: 'Houzz',
};

/** `google` → `Google`; a source the list does not know is shown as written. */
export function sourceName(source: string): string {
  return SOURCE_NAMES[source] ?? source;
}

/** A text's paragraphs: blank lines split them, single newlines stay inside one. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

interface TrendWords {
  direction: 'improving' | 'declining' | 'stable' | 'insufficient_data';
  recent: { from: string; to: string; count: number; average_rating: number | null } | null;
  previous: { from: string; to: string; count: number; average_rating: number | null } | null;
}

/** The insights' trend in one sentence, with the figures it rests on. */
export function trendSentence(trend: TrendWords): string {
  const { recent, previous } = trend;
  if (trend.direction === 'insufficient_data' || !recent || !previous) return 'Too few reviews yet to tell a trend.';
  const avg = (w: { count: number; average_rating: number | null }) =>
    w.average_rating === null ? plural(w.count, 'review') : `${formatRating(w.average_rating)} stars from ${plural(w.count, 'review')}`;
  return (
    `Trend: ${trend.direction}. ${formatMonth(recent.from)} to ${formatMonth(recent.to)}: ${avg(recent)}; ` +
    `${formatMonth(previous.from)} to ${formatMonth(previous.to)}: ${avg(previous)}.`
  );
}

/** A phone number as text: non-breaking hyphens, so it never wraps in the middle. */
export function telephoneText(telephone: string): string {
  return telephone.replace(/-/g, '\u2011');
}
