import { IsoDateSchema, UlidSchema } from '../../schemas/common.ts';

/** Where a page ended: the last review it returned, in the newest-first order (date desc, id desc). */
export interface PageKey {
  date: string;
  id: string;
}

/**
 * Cursors: the key of the last review of a page, with a check over the
 * request's filters and the key, as base64url JSON (`{"d","i","h"}`). Not a
 * secret and not signed: anyone may write a cursor for a key, which only
 * starts a page there. The check makes a cursor given with other filters
 * than the request that made it, or altered, a 400 instead of a wrong page;
 * the key (not a position) keeps pages stable while reviews are added.
 */
export function encodeCursor(key: PageKey, filters: Filters): string {
  // Dates, ULIDs and base-36 digits need no escaping: the JSON is written directly, as ASCII.
  return Buffer.from(`{"d":"${key.date}","i":"${key.id}","h":"${check(filters, key)}"}`, 'latin1').toString('base64url');
}

/** The key of a cursor made for these `filters`, or undefined when it was made for others, altered, or is no cursor. */
export function decodeCursor(cursor: string, filters: Filters): PageKey | undefined {
  const bytes = Buffer.from(cursor, 'base64url');
  // Base64 has spellings that decode alike (the unused bits of the last character): only ours is accepted.
  if (bytes.toString('base64url') !== cursor) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { d, i, h } = value as Record<string, unknown>;
  if (!IsoDateSchema.safeParse(d).success || !UlidSchema.safeParse(i).success || typeof h !== 'string') return undefined;
  const key = { date: d as string, id: i as string };
  return h === check(filters, key) ? key : undefined;
}

/**
 * What identifies a request's filters: the endpoint and each filter's value,
 * in a fixed order (limit and fields may change between pages). Hashed as
 * they are, value by value: a page with a next one pays no serialisation.
 */
export interface Filters {
  endpoint: 'search' | 'since';
  values: readonly (string | number | undefined)[];
}

/** A code no character has: it separates values, so that ("ab", "c") and ("a", "bc") differ. */
const SEPARATOR = 0x110000;
/** Another, for an absent value, so that an absent filter and any text differ. */
const ABSENT = 0x110001;

/** 53 bits of cyrb53 over the filters and the key, base 36: a checksum against mix-ups and edits, not a MAC. */
function check(filters: Filters, key: PageKey): string {
  const state = { h1: 0xdeadbeef, h2: 0x41c6ce57 };
  mixText(state, filters.endpoint);
  for (const value of filters.values) {
    if (value === undefined) mix(state, ABSENT);
    else mixText(state, typeof value === 'string' ? value : String(value));
  }
  mixText(state, key.date);
  mixText(state, key.id);
  let { h1, h2 } = state;
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

function mixText(state: { h1: number; h2: number }, text: string): void {
  for (let i = 0; i < text.length; i += 1) mix(state, text.charCodeAt(i));
  mix(state, SEPARATOR);
}

function mix(state: { h1: number; h2: number }, code: number): void {
  state.h1 = Math.imul(state.h1 ^ code, 2654435761);
  state.h2 = Math.imul(state.h2 ^ code, 1597334677);
}
