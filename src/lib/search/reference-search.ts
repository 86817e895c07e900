import type { ReviewsDataset } from '../../schemas/reviews-dataset.ts';
import type { SearchQuery } from '../../schemas/search.ts';

/**
 * The oracle for the read path: the search docs/interface.md describes, written as plainly as
 * possible (filter everything, sort newest first, cut), with no index. The
 * property test (test/lib/search/search.property.test.ts) checks that
 * `searchReviews` gives the same answer for every query it generates. Not
 * used to answer requests, and not exported from the folder's entry: it reads
 * every review on every call.
 */
export function referenceSearch(dataset: ReviewsDataset, q: SearchQuery) {
  const fold = (s: string) => s.normalize('NFKC').toLowerCase();
  const technicians = q.mentions_technician === undefined ? undefined : techniciansCalled(dataset, fold(q.mentions_technician.trim()));
  const services =
    q.mentions_service === undefined
      ? undefined
      : dataset.business.services
          .filter((s) => fold(s.id) === fold(q.mentions_service!.trim()) || fold(s.label) === fold(q.mentions_service!.trim()))
          .map((s) => s.id);
  const matching = dataset.reviews
    .filter((r) => q.rating === undefined || r.rating === q.rating)
    .filter((r) => q.min_rating === undefined || r.rating >= q.min_rating)
    .filter((r) => q.since === undefined || r.date >= q.since)
    .filter((r) => q.until === undefined || r.date <= q.until)
    .filter((r) => !q.query || (r.text !== null && foldMarks(r.text).includes(foldMarks(q.query))))
    .filter((r) => technicians === undefined || r.technicians.some((t) => technicians.includes(t)))
    .filter((r) => services === undefined || r.services.some((s) => services.includes(s)))
    .sort((a, b) => (a.date === b.date ? (a.id < b.id ? 1 : -1) : a.date < b.date ? 1 : -1));
  const returned = matching.slice(0, q.limit);
  return { matched: matching.length, returned: returned.length, ids: returned.map((r) => r.id) };
}

/** The query matching of docs/interface.md, written out: NFKC, lower case, combining marks of the decomposition removed. */
function foldMarks(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .normalize('NFC');
}

function techniciansCalled(dataset: ReviewsDataset, name: string): string[] {
  const fold = (s: string) => s.normalize('NFKC').toLowerCase();
  return dataset.business.technicians
    .filter((t) => [t.name, t.name.split(' ')[0] as string, ...t.aliases].some((n) => fold(n) === name))
    .map((t) => t.name);
}
