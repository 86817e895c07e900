import { readFile, writeFile } from 'node:fs/promises';

/** One answer of our server, recorded so the baseline can send the same bytes. */
export interface RecordedResponse {
  path: string;
  status: number;
  /** The headers our server chose; connection management and Date are left to each server. */
  headers: Record<string, string>;
  /** The body, in one or more pieces written in order. */
  body: Buffer[];
}

const LEFT_OUT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

export async function recordResponses(base: string, paths: readonly string[]): Promise<RecordedResponse[]> {
  const recorded: RecordedResponse[] = [];
  for (const path of new Set(paths)) {
    // As wrk asks (no Accept-Encoding): identity bytes, and the headers that go with them.
    const response = await fetch(base + path, { headers: { 'accept-encoding': 'identity' } });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!LEFT_OUT.has(name)) headers[name] = value;
    });
    recorded.push({ path, status: response.status, headers, body: [Buffer.from(await response.arrayBuffer())] });
  }
  return recorded;
}

/**
 * Saves responses as `<file>` (JSON) and `<file>.bodies`. Since answers with
 * 10,000 reviews reach megabytes each and would add up to hundreds of
 * megabytes, so a body made of a head, a prefix of the longest review list
 * among them and a tail is stored as those three: the list bytes once.
 */
export async function saveResponses(file: string, responses: readonly RecordedResponse[]): Promise<void> {
  const whole = responses.map((r) => Buffer.concat(r.body));
  const lists = whole.map(splitList);
  const shared = lists.reduce<Buffer>(
    (longest, split) => (split && split.list.length > longest.length ? split.list : longest),
    Buffer.alloc(0),
  );
  const chunks: Buffer[] = [shared];
  let offset = shared.length;
  const piece = (bytes: Buffer): [number, number] => {
    chunks.push(bytes);
    offset += bytes.length;
    return [offset - bytes.length, bytes.length];
  };
  const index = responses.map(({ body: _, ...rest }, i) => {
    const split = lists[i];
    const parts =
      split && shared.subarray(0, split.list.length).equals(split.list)
        ? [piece(split.head), [0, split.list.length], piece(split.tail)]
        : [piece(whole[i] as Buffer)];
    return { ...rest, parts };
  });
  await writeFile(`${file}.bodies`, chunks);
  await writeFile(file, JSON.stringify(index));
}

export async function loadResponses(file: string): Promise<RecordedResponse[]> {
  const bodies = await readFile(`${file}.bodies`);
  const index = JSON.parse(await readFile(file, 'utf8')) as (Omit<RecordedResponse, 'body'> & { parts: [number, number][] })[];
  return index.map(({ parts, ...rest }) => ({ ...rest, body: parts.map(([at, length]) => bodies.subarray(at, at + length)) }));
}

/** `{…"reviews":[` + list + `]}`, or undefined for any other body. */
function splitList(body: Buffer): { head: Buffer; list: Buffer; tail: Buffer } | undefined {
  const marker = body.indexOf('"reviews":[');
  if (marker < 0 || !body.subarray(body.length - 2).equals(Buffer.from(']}'))) return undefined;
  const start = marker + '"reviews":['.length;
  return { head: body.subarray(0, start), list: body.subarray(start, body.length - 2), tail: body.subarray(body.length - 2) };
}
