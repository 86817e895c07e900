import escapeHtml from 'escape-html';
import type { AggregateRating } from '../../schemas/reviews-dataset.ts';
import { formatRating, plural } from '../site/format.ts';
import { ratingSentence } from './rating-words.ts';
import { filledWidth, rowWidth, STAR_ROW, starsPath } from './stars.ts';
import { verdanaWidth } from './text-width.ts';

/** The badge's geometry, in CSS pixels. */
export const BADGE = {
  height: 28,
  padding: 9,
  stars: STAR_ROW,
  /** Between the stars and the text, and between the value and the count. */
  space: 7,
  valueSize: 14,
  countSize: 13,
  /** Text baseline: 14 px Verdana's capitals sit centred in 28 px. */
  baseline: 19,
} as const;

/**
 * Light and dark through the viewer's colour scheme, in the site's colours (`src/styles/tokens.css`;
 * an image cannot read the page's custom properties, so the values are repeated here). Text contrast
 * passes WCAG AA: light 16.9:1 and 7.1:1, dark 15.3:1 and 9.2:1; the painted stars 6.0:1 and 11.1:1.
 */
const STYLE =
  'text{font-family:Verdana,"DejaVu Sans",sans-serif}' +
  '.b{fill:#fff;stroke:#c9ccd2}.t{fill:#1b1d21}.m{fill:#545861}.on{fill:#8a5800}.off{fill:#c9ccd2}' +
  '@media (prefers-color-scheme:dark){.b{fill:#121417;stroke:#454a52}.t{fill:#e9eaec}.m{fill:#b3b7be}.on{fill:#f5c061}.off{fill:#454a52}}';

interface TextRun {
  text: string;
  className: 't' | 'm';
  size: number;
  bold: boolean;
  width: number;
}

export interface Badge {
  svg: string;
  width: number;
  height: number;
  /** The text alternative: the SVG's `<title>`, and the `alt` of the snippet's `<img>`. */
  label: string;
}

const run = (text: string, className: TextRun['className'], size: number, bold: boolean): TextRun => ({
  text,
  className,
  size,
  bold,
  width: Math.ceil(verdanaWidth(text, size, bold)),
});

/** The figures as text runs: the value in bold, then the count; or one muted line when there is nothing to rate. */
function textRuns(aggregate: AggregateRating): TextRun[] {
  if (aggregate.review_count === 0) return [run('No reviews yet', 'm', BADGE.countSize, false)];
  return [
    run(formatRating(aggregate.rating_value), 't', BADGE.valueSize, true),
    run(plural(aggregate.review_count, 'review'), 'm', BADGE.countSize, false),
  ];
}

const groupWidth = (runs: TextRun[]): number => runs.reduce((sum, r) => sum + r.width, 0) + BADGE.space * (runs.length - 1);

/**
 * The text area is as wide as the widest figures up to 9,999 reviews (Verdana's digits all have
 * one width), so the badge keeps its size as reviews arrive and a snippet's `width` stays right.
 */
function textAreaWidth(aggregate: AggregateRating): number {
  const widest = { ...aggregate, rating_value: 4.44, review_count: Math.max(aggregate.review_count, 9_999) };
  return Math.max(groupWidth(textRuns(widest)), groupWidth(textRuns({ ...aggregate, review_count: 0 })));
}

/**
 * `/badge.svg`: five stars painted to the mean, the mean and the review count, from the same
 * aggregate `/reviews.json` publishes. Fixed size; every text's width is computed and pinned with
 * `textLength`, so no font clips it. Everything written into the SVG is escaped.
 */
export function buildBadge(aggregate: AggregateRating): Badge {
  const { height, padding, stars, space, baseline } = BADGE;
  const runs = textRuns(aggregate);
  const area = textAreaWidth(aggregate);
  const areaStart = padding + rowWidth(stars) + space;
  let x = areaStart + Math.floor((area - groupWidth(runs)) / 2);
  const texts = runs.map((r) => {
    const element =
      `<text class="${r.className}" x="${x}" y="${baseline}" font-size="${r.size}"` +
      `${r.bold ? ' font-weight="bold"' : ''} textLength="${r.width}">${escapeHtml(r.text)}</text>`;
    x += r.width + space;
    return element;
  });
  const width = areaStart + area + padding;
  const starTop = (height - stars.size) / 2;
  const rating = aggregate.review_count === 0 ? 0 : aggregate.rating_value;
  const label = ratingSentence(aggregate);

  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">` +
    `<title>${escapeHtml(label)}</title><style>${STYLE}</style>` +
    `<defs><path id="s" d="${starsPath(stars, padding, starTop)}"/>` +
    `<clipPath id="f"><rect width="${padding + filledWidth(rating, stars)}" height="${height}"/></clipPath></defs>` +
    `<rect class="b" x=".5" y=".5" width="${width - 1}" height="${height - 1}" rx="5"/>` +
    `<use href="#s" class="off"/><use href="#s" class="on" clip-path="url(#f)"/>` +
    texts.join('') +
    '</svg>';
  return { svg, width, height, label };
}
