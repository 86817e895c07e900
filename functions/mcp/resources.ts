import { ResourceNotFoundError, ResourceTemplate, type McpServer } from '@modelcontextprotocol/server';
import { completeFrom } from '../../src/lib/answers/lookup.ts';
import { PATHS } from '../../src/lib/endpoints.ts';
import { positionOf, reviewIds, sinceAnswer } from '../../src/lib/search/index.ts';
import { IsoDateSchema } from '../../src/schemas/common.ts';
import type { ReadModel } from '../builds/read-model.ts';
import { answerJson, bodyText, SINCE_KEYS } from '../http/answer-json.ts';
import type { McpDeps } from './deps.ts';

const JSON_TYPE = 'application/json';
export const BUSINESS_URI = 'reviews://business';
export const REVIEW_URI_TEMPLATE = 'reviews://review/{id}';
export const SINCE_URI_TEMPLATE = 'reviews://since/{date}';
/** How many reviews `reviews://since/{date}` holds (the newest), and so the summarise prompt that embeds it. */
const SINCE_RESOURCE_LIMIT = 100;

/** The text of `reviews://since/{date}`: the since answer's first page of 100, or undefined for an impossible date. */
export function sinceResourceText(read: ReadModel, date: string): string | undefined {
  if (!IsoDateSchema.safeParse(date).success) return undefined;
  const answer = sinceAnswer(read.index, date, { limit: SINCE_RESOURCE_LIMIT });
  return answer.ok ? bodyText(answerJson(SINCE_KEYS, answer.value, read)) : undefined;
}

/**
 * The datasets as resources, named by their public URLs (a client may also
 * fetch them there, with conditional GET): the same bytes the site serves.
 * The business and single reviews are views with an URI of their own.
 */
export function registerResources(server: McpServer, deps: McpDeps): void {
  const file = (path: string) => (uri: URL) => {
    const built = deps.artifacts.current.site.get(path);
    if (!built) throw new ResourceNotFoundError(uri.href);
    return { contents: [{ uri: uri.href, mimeType: JSON_TYPE, text: built.bytes().toString('utf8') }] };
  };
  const datasets = [
    {
      name: 'reviews-dataset',
      path: PATHS.reviews,
      title: 'Reviews dataset',
      description:
        'The business, its aggregate rating and every verified review, newest first (/reviews.json). Large: prefer search_reviews for questions.',
    },
    {
      name: 'insights-dataset',
      path: PATHS.insights,
      title: 'Insights dataset',
      description:
        'Aspect-based sentiment analysis: aspects, technicians, services, problems, topics, monthly trend, FAQ, summary and one analysis per review (/insights.json).',
    },
    {
      name: 'openapi',
      path: PATHS.openapi,
      title: 'OpenAPI description',
      description: 'OpenAPI 3.1 description of the HTTP API, this endpoint and the WebSub hub.',
    },
  ];
  for (const d of datasets) {
    server.registerResource(
      d.name,
      new URL(deps.site + d.path).href,
      { title: d.title, description: d.description, mimeType: JSON_TYPE },
      file(d.path),
    );
  }

  server.registerResource(
    'business',
    BUSINESS_URI,
    {
      title: 'Business details',
      description: 'Name, contact, hours, licences, service areas, services, technicians and the aggregate rating.',
      mimeType: JSON_TYPE,
    },
    (uri) => {
      const { business, aggregate_rating } = deps.artifacts.current.dataset;
      return { contents: [{ uri: uri.href, mimeType: JSON_TYPE, text: JSON.stringify({ business, aggregate_rating }) }] };
    },
  );

  const ids = () => reviewIds(deps.artifacts.current.read.index);
  server.registerResource(
    'review',
    // Not listed (a business may have thousands); completion finds ids by prefix.
    new ResourceTemplate(REVIEW_URI_TEMPLATE, { list: undefined, complete: { id: (typed) => completeFrom(ids(), typed) } }),
    {
      title: 'One review',
      description: 'One verified review with its analysis (sentiment, aspects with evidence), by review id.',
      mimeType: JSON_TYPE,
    },
    (uri, variables) => {
      const { read, insights } = deps.artifacts.current;
      const position = positionOf(read.index, String(variables.id));
      if (position === undefined) throw new ResourceNotFoundError(uri.href);
      const review = read.review(position);
      const text = JSON.stringify({ review, analysis: insights.analysisOf(review.id) ?? null });
      return { contents: [{ uri: uri.href, mimeType: JSON_TYPE, text }] };
    },
  );

  server.registerResource(
    'reviews-since',
    // Not listed: one per day. The summarise_reviews_since prompt embeds one; it can be read again here.
    new ResourceTemplate(SINCE_URI_TEMPLATE, { list: undefined }),
    {
      title: 'Reviews since a date',
      description: `The newest ${SINCE_RESOURCE_LIMIT} reviews dated on or after a day (YYYY-MM-DD), with how many there are in all (count) and next_cursor for get_reviews_since.`,
      mimeType: JSON_TYPE,
    },
    (uri, variables) => {
      const text = sinceResourceText(deps.artifacts.current.read, String(variables.date));
      if (text === undefined) throw new ResourceNotFoundError(uri.href);
      return { contents: [{ uri: uri.href, mimeType: JSON_TYPE, text }] };
    },
  );
}
