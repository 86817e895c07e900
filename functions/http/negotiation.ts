/** The content codings this server sends: brotli, gzip, or none. */
export type Coding = 'br' | 'gzip' | 'identity';

/** Codings in the server's order of preference when the client weighs them alike: smallest first. */
const SERVER_ORDER: readonly Coding[] = ['br', 'gzip', 'identity'];
const IDENTITY_ONLY: readonly Coding[] = ['identity'];

/** Distinct Accept-Encoding values remembered; real clients send a handful, and the memo is cleared when full. */
const MEMO_SIZE = 64;
const memo = new Map<string, readonly Coding[]>();

/**
 * The codings a request accepts, best first (RFC 9110 §12.5.3): each listed
 * coding at its q-value, `*` for those not listed, `identity` acceptable
 * unless `identity;q=0` (or `*;q=0` without an `identity` entry) says not;
 * `x-gzip` is gzip. Equal q-values go by the server's order (br, gzip,
 * identity). No header, or an empty one, is identity alone. The answer is
 * never empty: where the client refuses everything this server has, the
 * header is disregarded (§12.1 allows that instead of a 406) and identity sent.
 */
export function acceptedCodings(header: string | null): readonly Coding[] {
  if (header === null || header === '') return IDENTITY_ONLY;
  let codings = memo.get(header);
  if (codings !== undefined) return codings;
  codings = parseAcceptEncoding(header);
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(header, codings);
  return codings;
}

function parseAcceptEncoding(header: string): readonly Coding[] {
  const q: Partial<Record<Coding | '*', number>> = {};
  for (const element of header.split(',')) {
    const [rawName = '', ...params] = element.split(';');
    let name = rawName.trim().toLowerCase();
    if (name === 'x-gzip') name = 'gzip';
    if (name !== 'br' && name !== 'gzip' && name !== 'identity' && name !== '*') continue;
    const weight = qValue(params);
    // A coding listed twice keeps its highest weight.
    q[name] = Math.max(q[name] ?? -1, weight);
  }
  const star = q['*'];
  const weightOf = (coding: Coding): number => {
    const listed = q[coding];
    if (listed !== undefined) return listed;
    if (star !== undefined) return star;
    return coding === 'identity' ? 0.001 : 0;
  };
  const accepted = SERVER_ORDER.map((coding) => ({ coding, weight: weightOf(coding) }))
    .filter((c) => c.weight > 0)
    .sort((a, b) => b.weight - a.weight)
    .map((c) => c.coding);
  return accepted.length > 0 ? accepted : IDENTITY_ONLY;
}

/** `q=0.5` among the parameters; 1 without one; 0 for a malformed value (RFC 9110 §12.4.2 allows three decimals, 0–1). */
function qValue(params: readonly string[]): number {
  for (const param of params) {
    const [key = '', value = ''] = param.split('=');
    if (key.trim().toLowerCase() !== 'q') continue;
    const text = value.trim();
    if (!/^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(text)) return 0;
    return Number(text);
  }
  return 1;
}

/**
 * Whether the request's Accept prefers `text/html` to `application/json`
 * (RFC 9110 §12.5.1: the most specific range that matches gives the q-value).
 * A browser navigating sends `text/html,…,*\/*;q=0.8`; `fetch`, curl and the
 * API clients send `*\/*` or `application/json`, which weigh both alike or
 * prefer JSON, and keep the JSON answer.
 */
export function prefersHtml(accept: string | null): boolean {
  if (accept === null || !accept.includes('text/')) return false;
  return mediaWeight(accept, 'text', 'html') > mediaWeight(accept, 'application', 'json');
}

function mediaWeight(accept: string, type: string, subtype: string): number {
  let best = -1;
  let weight = 0;
  for (const element of accept.split(',')) {
    const [range = '', ...params] = element.split(';');
    const [t = '', s = ''] = range.trim().toLowerCase().split('/');
    const specificity = t === type && s === subtype ? 2 : t === type && s === '*' ? 1 : t === '*' && s === '*' ? 0 : -1;
    if (specificity > best) {
      best = specificity;
      weight = qValue(params);
    }
  }
  return weight;
}
