import { z } from 'zod';
import { ImportError, originalText, parseWhen, readEach, type ImportRecord, type RecordsRead } from './record.ts';

const STARS = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 } as const;

/** One review of the Business Profile API (`accounts.locations.reviews`) or a Takeout export. */
const GoogleReviewSchema = z.object({
  reviewId: z.string().min(1).optional(),
  /** `accounts/…/locations/…/reviews/{id}`: Takeout files sometimes carry only this. */
  name: z.string().min(1).optional(),
  reviewer: z
    .object({ displayName: z.string().optional(), profilePhotoUrl: z.string().optional(), isAnonymous: z.boolean().optional() })
    .default({}),
  starRating: z.enum(Object.keys(STARS) as [keyof typeof STARS], { error: 'must be ONE, TWO, THREE, FOUR or FIVE' }),
  comment: z.string().optional(),
  createTime: z.string({ error: 'is missing (the time the review was written)' }),
  updateTime: z.string().optional(),
  reviewReply: z.object({ comment: z.string(), updateTime: z.string() }).nullish(),
});

/** Google Business Profile JSON: `{"reviews": [...]}` (API page or Takeout file) or a bare list of reviews. */
export function readGoogleExport(text: string): RecordsRead {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ImportError(`not valid JSON (${(error as Error).message.replace(/\s+/g, ' ')})`);
  }
  const list = Array.isArray(json) ? json : (json as { reviews?: unknown } | null)?.reviews;
  if (!Array.isArray(list)) throw new ImportError('a Google export holds {"reviews": [...]}; this JSON has no "reviews" list');
  return readEach(list, (item, i) => toRecord(item, `reviews[${i}]`));
}

function toRecord(item: unknown, at: string): ImportRecord {
  const parsed = GoogleReviewSchema.safeParse(item);
  const id = (item as { reviewId?: unknown } | null)?.reviewId;
  const where = typeof id === 'string' ? `${at} (reviewId "${id}")` : at;
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(record)'}: ${issue.message}`);
    throw new ImportError(`${where}: ${fields.join('; ')}`);
  }
  const review = parsed.data;
  const sourceId = review.reviewId ?? review.name?.split('/').pop();
  if (!sourceId) throw new ImportError(`${where}: reviewId: is missing (every review needs the id Google gave it)`);
  const name = review.reviewer.displayName?.trim();
  const comment = review.comment === undefined ? '' : originalText(review.comment);
  const photo = review.reviewer.profilePhotoUrl;
  return {
    where,
    source: 'google',
    sourceId,
    author: review.reviewer.isAnonymous || !name ? null : name,
    authorAvatarUrl: photo && /^https?:\/\//.test(photo) ? photo : null,
    rating: STARS[review.starRating],
    written: parseWhen(review.createTime, where, 'createTime'),
    text: comment === '' ? null : comment,
    reply:
      review.reviewReply && review.reviewReply.comment.trim() !== ''
        ? {
            text: originalText(review.reviewReply.comment),
            written: parseWhen(review.reviewReply.updateTime, where, 'reviewReply.updateTime'),
          }
        : null,
    sourceUrl: null,
  };
}
