import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/server';

/** Every tool here reads a snapshot of published data: nothing changes, calling again gives the same answer, nothing outside is touched. */
export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** A tool's answer: the object as `structuredContent`, and the same JSON as text for clients that only read text. */
export function answer<T extends Record<string, unknown>>(value: T): CallToolResult & { structuredContent: T } {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

/**
 * The same, from JSON text the answer was built as (copies of the reviews'
 * prebuilt bytes): the text is sent as it is, and the object the SDK
 * validates against the output schema is parsed from it, so both are the
 * same JSON by construction.
 */
export function answerFromJson(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: JSON.parse(text) as Record<string, unknown> };
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
