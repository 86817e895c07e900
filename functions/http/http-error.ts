import { ERROR_CODES, type ErrorBody, type ErrorStatus, type Issue, type ValidationError } from '../../src/schemas/errors.ts';
import { withCors } from './cors.ts';
import { jsonReply, type HttpReply } from './reply.ts';

/** An error body never grows past this, whatever the request (docs/interface.md, "Read endpoints"). */
export const MAX_ERROR_MESSAGE_CHARS = 1_000;
export const MAX_ISSUES = 20;

export interface HttpErrorOptions {
  headers?: Record<string, string>;
  /** A 400 with `issues` renders as `{error: "invalid_request", issues}`. */
  issues?: Issue[];
  /** `text`: a plain-text reason (the WebSub hub's errors); `json` otherwise. */
  format?: 'json' | 'text';
  /** Close the connection after answering: the request's body was left unread. */
  close?: boolean;
}

/**
 * Any answer that is not a success, thrown from glue code and rendered in one
 * place (`renderError`), so a handler never writes an error status by hand.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: ErrorStatus;
  readonly options: HttpErrorOptions;

  constructor(status: ErrorStatus, message: string, options: HttpErrorOptions = {}) {
    super(message);
    this.status = status;
    this.options = options;
  }
}

/** The error body (docs/interface.md) for `error`, with CORS, bounded in size. */
export function renderError(error: HttpError): HttpReply {
  const { headers = {}, issues, format = 'json', close = false } = error.options;
  const extra = close ? { ...headers, connection: 'close' } : headers;
  const message = bounded(error.message);
  if (format === 'text') {
    return withCors({
      status: error.status,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...extra },
      body: `${message}\n`,
    });
  }
  const body: ValidationError | ErrorBody =
    issues && issues.length > 0
      ? { error: 'invalid_request', issues: boundedIssues(issues) }
      : { error: ERROR_CODES[error.status], message };
  return withCors(jsonReply(error.status, JSON.stringify(body), { 'cache-control': 'no-store', ...extra }));
}

/** The 400 of the read endpoints, as a value (the hot path returns it rather than throwing). */
export function invalidRequest(issues: Issue[]): HttpReply {
  return renderError(new HttpError(400, 'invalid request', { issues }));
}

function boundedIssues(issues: Issue[]): Issue[] {
  const kept = issues
    .slice(0, MAX_ISSUES)
    .map((i) => ({ ...i, path: i.path.map((p) => (typeof p === 'string' ? bounded(p, 100) : p)), message: bounded(i.message) }));
  if (issues.length > MAX_ISSUES) {
    kept.push({ path: [], code: 'too_many_issues', message: `${issues.length - MAX_ISSUES} more issues not listed; fix these first` });
  }
  return kept;
}

function bounded(text: string, max = MAX_ERROR_MESSAGE_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Anything thrown that is not an `HttpError`: logged with its stack, answered 500 without details. */
export function internalError(error: unknown, log: (message: string) => void): HttpReply {
  log(`internal error: ${describeError(error)}`);
  return renderError(new HttpError(500, 'The server failed to answer this request; it has been logged.'));
}

export function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
