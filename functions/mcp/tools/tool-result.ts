import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/server';
import type { Issue } from '../../../src/schemas/errors.ts';

/** Every tool here reads a snapshot of published data: nothing changes, calling again gives the same answer, nothing outside is touched. */
export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** A tool's answer: the object as `structuredContent`, and the same JSON as text for clients that only read text. */
export function answer<T extends Record<string, unknown>>(value: T): CallToolResult & { structuredContent: T } {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

/**
 * An answer listing reviews: `json`, the JSON the HTTP endpoint sends for
 * the same question, as text, and `value`, the same answer as an object.
 */
export function listAnswer<T extends Record<string, unknown>>(json: string, value: T): CallToolResult & { structuredContent: T } {
  return { content: [{ type: 'text', text: json }], structuredContent: value };
}

/** Arguments the data rejects (a cursor made for other filters): `isError`, with the issues as the HTTP 400 lists them. */
export function invalidArguments(issues: readonly Issue[]): CallToolResult {
  return cannotAnswer(issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('\n'));
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
