/**
 * Characters XML 1.0 cannot carry (its `Char` production): C0 controls other
 * than tab, line feed and carriage return, U+FFFE, U+FFFF and lone surrogates.
 * A review holding one would make `/feed.xml` stop being XML.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;
const ILLEGAL_ALL = new RegExp(ILLEGAL.source, 'gu');

/** `U+000B` style name of a code unit or code point. */
export function codePointName(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The first character XML cannot carry, named (`U+000B`), or undefined. */
export function firstXmlIllegal(text: string): string | undefined {
  const match = ILLEGAL.exec(text);
  return match ? codePointName(match[0]) : undefined;
}

/** Replaces every character XML cannot carry with U+FFFD; says how many there were. */
export function replaceXmlIllegal(text: string): { text: string; replaced: number } {
  let replaced = 0;
  const out = text.replace(ILLEGAL_ALL, () => {
    replaced += 1;
    return '\uFFFD';
  });
  return { text: out, replaced };
}

/** Every string inside a parsed value with its dotted path (`owner_reply.text`), for checks that cover a whole file. */
export function* stringsOf(value: unknown, path: string[] = []): Generator<[string, string]> {
  if (typeof value === 'string') yield [path.join('.'), value];
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* stringsOf(item, [...path, String(i)]);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      yield* stringsOf(key, [...path, '(key)']);
      yield* stringsOf(item, [...path, key]);
    }
  }
}
