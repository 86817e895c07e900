import type { CallToolResult, ServerContext, ToolAnnotations } from '@modelcontextprotocol/server';
import type { ReviewIndex, ReviewsAnswer } from '../../../src/lib/search/index.ts';
import type { McpDeps } from '../deps.ts';
import { responseBuffers } from '../../http/buffer-pool.ts';
import { escapedReviewsJson } from '../escaped-reviews.ts';
import { reviewsWithText } from '../review-objects.ts';

/** Every tool here reads a snapshot of published data: nothing changes, calling again gives the same answer, nothing outside is touched. */
export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** A tool's answer: the object as `structuredContent`, and the same JSON as text for clients that only read text. */
export function answer<T extends Record<string, unknown>>(value: T): CallToolResult & { structuredContent: T } {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

/**
 * An answer listing reviews, whose JSON was built as bytes (copies of the
 * reviews' prebuilt JSON, as the HTTP endpoints send). The text block and the
 * object hold the same JSON by construction (see review-objects.ts). The
 * transport sends the bytes for both (see PreserializedAnswers), so the
 * object is validated but never serialised, and the text never encoded.
 */
export function reviewsAnswer(
  deps: McpDeps,
  ctx: ServerContext,
  index: ReviewIndex,
  answer: ReviewsAnswer,
  head: Record<string, unknown>,
  pool: PooledBuffers,
): CallToolResult {
  const { reviews, text } = reviewsWithText(index, answer.positions, answer.head, answer.tail);
  if (deps.answers) {
    const escaped = escapedReviewsJson(index, answer.positions, answer.head, answer.tail, pool.take);
    deps.answers.record(ctx.mcpReq.id, { text, json: answer.json, escaped, release: pool.release });
  } else {
    pool.release();
  }
  return { content: [{ type: 'text', text }], structuredContent: { ...head, reviews } };
}

/** Answer buffers taken from the response pool (see buffer-pool.ts), given back together once sent. */
export interface PooledBuffers {
  take: (size: number) => Buffer;
  release: () => void;
}

export function pooledBuffers(): PooledBuffers {
  const taken: Buffer[] = [];
  return {
    take: (size) => {
      const buffer = responseBuffers.take(size);
      taken.push(buffer);
      return buffer.subarray(0, size);
    },
    release: () => {
      for (const buffer of taken.splice(0)) responseBuffers.give(buffer);
    },
  };
}

/** A question the data cannot answer (unknown name or id): `isError`, with what the caller can ask instead. */
export function cannotAnswer(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** "a, b or c", for messages that list the valid choices. */
export function choices(values: readonly string[], max = 20): string {
  const shown = values.slice(0, max).map((v) => JSON.stringify(v));
  const more = values.length > max ? ` (and ${values.length - max} more)` : '';
  if (shown.length <= 1) return (shown[0] ?? 'none') + more;
  return `${shown.slice(0, -1).join(', ')} or ${shown.at(-1) as string}${more}`;
}
