import { z } from 'zod';
import '../schemas/reviews-dataset.ts';
import '../schemas/insights.ts';
import { ErrorSchema, ValidationErrorSchema } from '../schemas/errors.ts';
import { HubRequestSchema } from '../schemas/hub.ts';
import { JsonFeedSchema } from '../schemas/json-feed.ts';
import { JsonRpcRequestSchema, JsonRpcResponseSchema } from '../schemas/mcp.ts';
import { SearchQuerySchema, SincePathSchema, SinceQuerySchema } from '../schemas/search.ts';
import { CONTENT_TYPES, PATHS } from './endpoints.ts';

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas that validate
 * content, requests and artifacts: every schema with a `.meta({ id })` becomes
 * a component, so the document cannot drift from the code.
 */
type JsonSchema = Record<string, unknown>;
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

export function buildOpenApiDocument(options: { base: string; businessName: string }): JsonSchema {
  return {
    openapi: '3.1.0',
    info: {
      title: `${options.businessName}: Verified Reviews API`,
      version: '1.0.0',
      summary: 'Public, read-only verified customer reviews, sentiment insights, feeds, MCP and WebSub.',
      description:
        'No authentication: every endpoint is public and read-only; an Authorization header is ignored. ' +
        'Read endpoints send `Access-Control-Allow-Origin: *`. Dataset files and the since listing carry a strong ETag ' +
        'and Last-Modified and answer conditional requests with 304. ' +
        'Limits: a request body where none belongs (any GET or HEAD) is refused with 413 unread; a POST body over its ' +
        "endpoint's cap is 413 and one of a media type the endpoint does not take is 415; request heads over 16 KB are 431; " +
        "a request slower than the server's timeouts is 408; a connection past the server's cap is answered 503 with " +
        'Retry-After; idle connections are closed.',
      contact: { name: options.businessName, url: `${options.base}/` },
    },
    servers: [{ url: options.base }],
    // Public API: no scheme applies to any operation.
    security: [],
    tags: [
      { name: 'datasets', description: 'Static dataset files, rebuilt on every content commit' },
      { name: 'feeds', description: 'JSON Feed and Atom feed of the 50 newest reviews (WebSub topics)' },
      { name: 'reviews', description: 'Dynamic queries over the reviews' },
      { name: 'mcp', description: 'Model Context Protocol server for AI assistants' },
      { name: 'websub', description: 'WebSub hub pushing every change of a topic to subscribers' },
    ],
    paths: {
      [PATHS.reviews]: datasetPath(
        'getReviews',
        'The reviews dataset',
        'Business metadata, aggregate rating and every verified review, newest first.',
        'datasets',
        CONTENT_TYPES.json,
        ref('ReviewsDataset'),
      ),
      [PATHS.insights]: datasetPath(
        'getInsights',
        'The insights dataset',
        'Aspect-based sentiment analysis, entities, topics, trend, FAQ and summary.',
        'datasets',
        CONTENT_TYPES.json,
        ref('Insights'),
      ),
      [PATHS.jsonFeed]: datasetPath(
        'getJsonFeed',
        'JSON Feed of the newest reviews',
        'JSON Feed 1.1 with the 50 newest reviews; a WebSub topic.',
        'feeds',
        CONTENT_TYPES.jsonFeed,
        ref(metaId(JsonFeedSchema)),
      ),
      [PATHS.atomFeed]: datasetPath(
        'getAtomFeed',
        'Atom feed of the newest reviews',
        'Atom 1.0 with the 50 newest reviews; a WebSub topic.',
        'feeds',
        CONTENT_TYPES.atom,
        { type: 'string' },
      ),
      [PATHS.openapi]: datasetPath(
        'getOpenApi',
        'This document',
        'The OpenAPI 3.1 description of the service.',
        'datasets',
        CONTENT_TYPES.json,
        ref('Insights'),
      ),
      [PATHS.search]: searchPath(),
      [PATHS.since]: sincePath(),
      [PATHS.mcp]: mcpPath(),
      [PATHS.hub]: hubPath(),
    },
    components: {
      schemas: componentSchemas(),
      headers: {
        ETag: { description: 'Strong validator: a hash of the body bytes', schema: { type: 'string' } },
        LastModified: { description: 'When this representation last changed; never goes backwards', schema: { type: 'string' } },
      },
      parameters: {
        IfNoneMatch: {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description: 'ETag from an earlier answer; a match gives 304. Wins over If-Modified-Since.',
          schema: { type: 'string' },
        },
        IfModifiedSince: {
          name: 'If-Modified-Since',
          in: 'header',
          required: false,
          description: 'Last-Modified from an earlier answer',
          schema: { type: 'string' },
        },
      },
      responses: {
        NotModified: {
          description: 'Not Modified: the validator matches; empty body, same validators',
          headers: { ETag: { $ref: '#/components/headers/ETag' }, 'Last-Modified': { $ref: '#/components/headers/LastModified' } },
        },
        InvalidRequest: {
          description: 'Invalid parameters; every problem is listed',
          content: { [CONTENT_TYPES.json]: { schema: ref(metaId(ValidationErrorSchema)) } },
        },
        PayloadTooLarge: {
          description:
            'The request carries a body where none belongs, or one larger than the endpoint takes; it is not read, and the connection is closed',
          content: { [CONTENT_TYPES.json]: { schema: ref(metaId(ErrorSchema)) } },
        },
      },
    },
  };
}

function componentSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([id, { $schema: _s, $id: _i, ...schema }]) => [id, schema as JsonSchema]),
  );
}

function inline(schema: z.ZodType): JsonSchema {
  const { $schema: _s, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
  return rest;
}

function metaId(schema: z.ZodType): string {
  const id = z.globalRegistry.get(schema)?.id;
  if (!id) throw new Error('schema has no meta id');
  return id;
}

const validators = {
  ETag: { $ref: '#/components/headers/ETag' },
  'Last-Modified': { $ref: '#/components/headers/LastModified' },
};
const conditional = [{ $ref: '#/components/parameters/IfNoneMatch' }, { $ref: '#/components/parameters/IfModifiedSince' }];

function datasetPath(operationId: string, summary: string, description: string, tag: string, type: string, schema: JsonSchema) {
  return {
    get: {
      operationId,
      summary,
      description,
      tags: [tag],
      parameters: conditional,
      responses: {
        '200': { description: summary, headers: validators, content: { [type]: { schema } } },
        '304': { $ref: '#/components/responses/NotModified' },
        '413': { $ref: '#/components/responses/PayloadTooLarge' },
      },
    },
  };
}

function searchPath() {
  const shape = SearchQuerySchema.shape;
  return {
    get: {
      operationId: 'searchReviews',
      summary: 'Search reviews',
      description:
        'All filters are optional and combine with AND; results are newest first (date desc, then id desc). ' +
        'An empty value counts as absent; an unknown or repeated parameter is a 400. ' +
        'Paging: every answer carries next_cursor; give it as cursor with the same filters (limit and fields may change) for the ' +
        'next page, which continues strictly after the last review returned, so reviews published between two pages never shift ' +
        'or repeat one; null on the last page. A cursor made for other filters, or altered, is a 400 at ["cursor"]. ' +
        'fields keeps only the review fields named (id always); matched stays the total for the filters. ' +
        'The HTTP equivalent of the MCP tool search_reviews.',
      tags: ['reviews'],
      parameters: queryParameters(shape),
      responses: {
        '200': { description: 'Matching reviews', content: { [CONTENT_TYPES.json]: { schema: ref('SearchResult') } } },
        '400': { $ref: '#/components/responses/InvalidRequest' },
        '413': { $ref: '#/components/responses/PayloadTooLarge' },
      },
    },
  };
}

function queryParameters(shape: Record<string, z.ZodType>) {
  return Object.entries(shape).map(([name, field]) => {
    const { description, ...schema } = inline(field);
    return { name, in: 'query', required: false, description, schema };
  });
}

function sincePath() {
  const { description, ...schema } = inline(SincePathSchema.shape.date);
  return {
    get: {
      operationId: 'getReviewsSince',
      summary: 'Reviews on or after a date',
      description:
        'Newest first. A future date gives an empty list; an impossible date (2026-02-30) is a 400. Without limit, every review on ' +
        'or after the date; with it, pages: next_cursor as cursor (with the same date) gives the next one, null on the last. ' +
        'fields keeps only the review fields named (id always). An unknown or repeated parameter is a 400, as on the search.',
      tags: ['reviews'],
      parameters: [
        { name: 'date', in: 'path', required: true, description, schema },
        ...queryParameters(SinceQuerySchema.shape),
        ...conditional,
      ],
      responses: {
        '200': {
          description: 'Reviews dated on or after the date',
          headers: validators,
          content: { [CONTENT_TYPES.json]: { schema: ref('SinceResult') } },
        },
        '304': { $ref: '#/components/responses/NotModified' },
        '400': { $ref: '#/components/responses/InvalidRequest' },
        '413': { $ref: '#/components/responses/PayloadTooLarge' },
      },
    },
  };
}

function mcpPath() {
  const header = (name: string, description: string, example?: string) => ({
    name,
    in: 'header',
    required: false,
    description,
    schema: { type: 'string', ...(example ? { examples: [example] } : {}) },
  });
  const rpcError = (description: string) => ({ description, content: { [CONTENT_TYPES.json]: { schema: ref('JsonRpcResponse') } } });
  return {
    post: {
      operationId: 'mcp',
      summary: 'Model Context Protocol endpoint',
      description:
        'Streamable HTTP transport with JSON answers (never an SSE stream); protocol versions 2025-06-18 and 2025-11-25, negotiated by ' +
        'initialize. Send `Accept: application/json, text/event-stream` and one JSON-RPC message per request (batches are refused). ' +
        'initialize answers with an `Mcp-Session-Id` header: a signed id that carries its expiry (24 h) and protocol version, accepted by ' +
        'any server process with the same secret; send it on every later request. Methods: initialize, ping, tools/list, tools/call, ' +
        'resources/list, resources/read, resources/templates/list, prompts/list, prompts/get, completion/complete; notifications are ' +
        'answered 202. Read-only tools: get_business, search_reviews (the same filters, paging, fields and answer as GET /api/reviews/search), ' +
        'get_review, get_reviews_since, get_aspect_sentiment, get_technician, get_service, get_trend, get_faq, get_insights_summary; ' +
        'each answers structuredContent and the same JSON as text; an unknown tool is JSON-RPC error -32602, a tool that cannot answer ' +
        "(unknown name or id) returns isError: true with the valid choices. A present Origin must be the site's own (or configured); " +
        'on a loopback server the Host must name it. GET (a server-initiated stream) and DELETE (ending a session: sessions hold no server state and end at expiry) are answered 405.',
      tags: ['mcp'],
      parameters: [
        header('Mcp-Session-Id', 'Issued by initialize (response header of the same name); required on every later request'),
        header('MCP-Protocol-Version', 'The negotiated protocol version; optional, an unsupported one is a 400', '2025-06-18'),
        header('Accept', 'Must list both application/json and text/event-stream (406 otherwise)', 'application/json, text/event-stream'),
      ],
      requestBody: { required: true, content: { [CONTENT_TYPES.json]: { schema: ref(metaId(JsonRpcRequestSchema)) } } },
      responses: {
        '200': {
          description:
            'JSON-RPC response (a result, or an error such as -32601 unknown method or -32602 invalid params or unknown tool); initialize also sets Mcp-Session-Id',
          headers: { 'Mcp-Session-Id': { description: 'Session id (initialize only)', schema: { type: 'string' } } },
          content: { [CONTENT_TYPES.json]: { schema: ref(metaId(JsonRpcResponseSchema)) } },
        },
        '202': { description: 'Notification accepted; no body' },
        '400': rpcError(
          'Not JSON (-32700), not a JSON-RPC message or a batch (-32600), a missing Mcp-Session-Id or an unsupported MCP-Protocol-Version (-32000)',
        ),
        '403': rpcError('Origin not allowed, or a Host that does not name this server (DNS rebinding protection)'),
        '404': rpcError('Unknown, forged or expired Mcp-Session-Id (-32001): initialize again'),
        '406': rpcError('Accept does not list application/json and text/event-stream'),
        '413': { $ref: '#/components/responses/PayloadTooLarge' },
        '415': {
          description: 'Content-Type is not application/json',
          content: { [CONTENT_TYPES.json]: { schema: ref(metaId(ErrorSchema)) } },
        },
      },
    },
  };
}

function hubPath() {
  const text = (description: string) => ({ description, content: { 'text/plain': { schema: { type: 'string' } } } });
  return {
    post: {
      operationId: 'websubHub',
      summary: 'WebSub hub',
      description:
        'Subscribe or unsubscribe a callback to a topic, or tell the hub the site was deployed (hub.mode=publish). ' +
        'A subscribe or unsubscribe is answered 202 at once; the hub then verifies the intent with a GET to the callback ' +
        "(hub.mode, hub.topic, a fresh hub.challenge and, for a subscribe, the granted hub.lease_seconds, appended to the callback's own query); " +
        'the callback must answer 2xx with exactly the challenge as the body, and redirects are not followed. A renewal replaces the stored ' +
        'subscription (secret and lease) only once verified; the lease runs from the verification. ' +
        "Each change of the topic is then POSTed to the callback with the topic's own Content-Type, one Link header " +
        '(<hub>; rel="hub", <topic>; rel="self") and, when a hub.secret was given, X-Hub-Signature: sha256=<hex HMAC of the body>. ' +
        'A failed delivery (no 2xx in time) is retried; three consecutive failures remove the subscription (with a hub.mode=denied GET), a 410 removes it at once. ' +
        'A publish (hub.url or hub.topic, repeatable; none = every topic) reloads the build into every worker and records the topics whose bytes changed, ' +
        'then answers 202 and pushes them; a publish that could not be recorded is a 503 and is retried by the hub.',
      tags: ['websub'],
      requestBody: {
        required: true,
        content: { 'application/x-www-form-urlencoded': { schema: ref(metaId(HubRequestSchema)) } },
      },
      responses: {
        '202': text(
          'Accepted: a subscribe or unsubscribe is verified after this answer; a publish is recorded before it and pushed after it',
        ),
        '400': text(
          'Invalid request, every problem on its own line: e.g. a plain-HTTP callback, an unknown topic, a secret of 200 bytes or more',
        ),
        '403': text('The callback host already holds the most subscriptions one host may hold'),
        '413': text('Request body too large; it is not read, and the connection is closed'),
        '415': text('The body is not application/x-www-form-urlencoded'),
        '429': {
          ...text('Too many hub requests from this client address or for this callback host'),
          headers: { 'Retry-After': { description: 'Seconds until the limit resets', schema: { type: 'integer' } } },
        },
        '503': {
          ...text(
            'The hub cannot take the request now: its database is locked, unwritable or damaged (the reason says which), the build could not be loaded, or this process runs without the hub (SERVICE_ROLE=read)',
          ),
          headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } } },
        },
      },
    },
  };
}
