import type { CallToolResult } from '@modelcontextprotocol/server';

type ToolAnswer<T> = CallToolResult & { structuredContent: T };

/** Bounds the results written but never sent (a call whose connection closed first): a miss only costs a serialisation. */
const MAX_WAITING = 256;

/**
 * Tool results whose JSON the tool wrote itself, for one server and its
 * transport: `{content: [{type: 'text', text}], structuredContent}`, where
 * `text` is the JSON of `structuredContent` (for the listing tools, the HTTP
 * answer's own bytes). The SDK validates a tool's result into a copy (its
 * `CallToolResult` schema), which keeps the text string and the values of
 * `structuredContent` as they were; the transport finds the JSON by the text
 * and checks those values, then writes `structuredContent` as the text, which
 * parses to the same value, with the text escaped once, instead of walking
 * the objects again (`take`). Any other result is serialised whole.
 */
export class WrittenResults {
  readonly #byText = new Map<string, { value: Record<string, unknown>; json: string }>();

  /** The result for `value`, whose JSON is `text`. */
  result<T extends Record<string, unknown>>(text: string, value: T): ToolAnswer<T> {
    if (this.#byText.size >= MAX_WAITING) this.#byText.clear();
    const json = `{"content":[{"type":"text","text":${JSON.stringify(text)}}],"structuredContent":${text}}`;
    this.#byText.set(text, { value, json });
    return { content: [{ type: 'text', text }], structuredContent: value };
  }

  /** The JSON of `result` when it is one `result` made, with nothing added or changed; undefined otherwise. */
  take(result: unknown): string | undefined {
    if (typeof result !== 'object' || result === null || !('content' in result) || !('structuredContent' in result)) return undefined;
    const { content, structuredContent } = result;
    if (!Array.isArray(content) || content.length !== 1) return undefined;
    const item = content[0] as { type?: unknown; text?: unknown };
    if (item.type !== 'text' || typeof item.text !== 'string') return undefined;
    const written = this.#byText.get(item.text);
    if (written === undefined) return undefined;
    this.#byText.delete(item.text);
    const same =
      keyCount(result) === 2 &&
      keyCount(item) === 2 &&
      typeof structuredContent === 'object' &&
      structuredContent !== null &&
      sameValues(structuredContent as Record<string, unknown>, written.value);
    return same ? written.json : undefined;
  }
}

/** A tool's answer, written once when the server has a `WrittenResults`, as a plain result otherwise. */
export function toolAnswer<T extends Record<string, unknown>>(text: string, value: T, written: WrittenResults | undefined): ToolAnswer<T> {
  return written ? written.result(text, value) : { content: [{ type: 'text', text }], structuredContent: value };
}

function keyCount(object: object): number {
  let count = 0;
  for (const _ in object) count += 1;
  return count;
}

function sameValues(copy: Record<string, unknown>, original: Record<string, unknown>): boolean {
  let count = 0;
  for (const key in copy) {
    if (!Object.hasOwn(original, key) || copy[key] !== original[key]) return false;
    count += 1;
  }
  return count === keyCount(original);
}
