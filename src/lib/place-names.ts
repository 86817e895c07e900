import type { ServiceArea } from '../schemas/catalogue.ts';
import { normaliseText } from './text.ts';

/**
 * Place names a review gives that match no listed service area ("out past
 * Purdy", "toward the Key Peninsula"): the build reports them to the owner
 * with their counts, who can add each as an alias of the area it is in
 * (content/service-areas.json). They are never guessed into an area.
 *
 * A place is a run of capitalised words after a word that introduces a place
 * ("in", "from", "near", "past", "toward" …, "on the"), leaving out what is plainly not a
 * place: the calendar, languages, the business's own names and companies.
 */
export interface PlaceCount {
  place: string;
  count: number;
}

const PLACE =
  /\b(?:(?:in|from|near|past|toward|towards|around|outside(?: of)?|across|over|up|down)\s+(?:the\s+)?|on\s+the\s+)((?:[A-Z][a-z]+|[A-Z]{2,3})(?: (?:[A-Z][a-z]+)){0,2})(?![\p{L}\p{N}&'’-])/gu;
/** Capitalised words that are no place. */
const NOT_PLACES = new Set(
  (
    'january february march april may june july august september october november december monday tuesday wednesday thursday ' +
    'friday saturday sunday christmas thanksgiving easter halloween labor memorial independence new year english spanish ' +
    'i the a an my our their his her we they he she it this that these those one mr mrs ms dr google yelp facebook amazon ' +
    'home depot lowes costco tesla generac ev covid nextdoor angi thumbtack craigslist instagram reddit bbb'
  ).split(' '),
);
/** A last word that makes the run a company, not a place ("Puget Sound Energy"). */
const COMPANY_WORDS =
  /(?:^|\s)(?:energy|electric|electrical|electricians?|company|co|inc|llc|services?|power|utilities|insurance|bank|realty|homes|builders|construction|plumbing|hvac|heating|solar|supply|depot|elementary|school|hospital|church|park|road|street|st|ave|avenue|lane|drive|way|cafe|mall)$/;

export function unlistedPlaces(
  texts: readonly (string | null)[],
  areas: readonly ServiceArea[],
  excluded: readonly string[],
): PlaceCount[] {
  const listed = new Set(areas.flatMap((a) => [a.name, ...a.aliases]).map((n) => normaliseText(n)));
  const notPlaces = new Set([...NOT_PLACES, ...excluded.flatMap((n) => normaliseText(n).split(/[^\p{L}\p{N}]+/u)).filter(Boolean)]);
  const counts = new Map<string, { place: string; reviews: number }>();
  for (const text of texts) {
    if (!text) continue;
    const seen = new Set<string>();
    for (const m of text.matchAll(PLACE)) {
      const place = m[1]!;
      const key = normaliseText(place);
      if (listed.has(key) || seen.has(key) || COMPANY_WORDS.test(key)) continue;
      if (key.split(/[ -]/).some((w) => notPlaces.has(w))) continue;
      seen.add(key);
      const entry = counts.get(key) ?? { place, reviews: 0 };
      entry.reviews += 1;
      counts.set(key, entry);
    }
  }
  return [...counts.values()]
    .map(({ place, reviews }) => ({ place, count: reviews }))
    .sort((a, b) => b.count - a.count || (a.place < b.place ? -1 : a.place > b.place ? 1 : 0));
}
