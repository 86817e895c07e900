import type { RequestId } from '@modelcontextprotocol/server';

/**
 * Tool answers whose JSON text is already at hand (the search and since
 * answers are copies of the reviews' prebuilt bytes). A tool records the
 * text under the request's id; when the server's result for that request
 * reaches the transport with the same text block, the transport writes the
 * bytes of that text as `structuredContent` (and its escaped bytes as the
 * text) instead of serialising the object and the string again: the object
 * the SDK validated holds the same JSON by construction. Each entry
 * lives from the tool call to its answer (taken once, whatever the answer).
 */
/** One answer: its text as given to the SDK, its JSON bytes, and those bytes escaped as a JSON string's content. */
export interface Preserialized {
  text: string;
  json: Buffer;
  escaped: Buffer;
  /** Gives the buffers back to their pool once the answer is sent (or never used). */
  release(): void;
}

export class PreserializedAnswers {
  readonly #byRequest = new Map<RequestId, Preserialized>();

  record(id: RequestId, answer: Preserialized): void {
    this.#byRequest.set(id, answer);
  }

  take(id: RequestId): Preserialized | undefined {
    const text = this.#byRequest.get(id);
    if (text !== undefined) this.#byRequest.delete(id);
    return text;
  }
}
