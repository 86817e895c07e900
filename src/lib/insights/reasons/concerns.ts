import type { Technician } from '../../../schemas/catalogue.ts';
import { firstName } from '../../mentions.ts';
import { escapeRegExp } from '../../text.ts';

/**
 * Whom a sentence of a review is about: a named technician, the office and
 * staff, or the company as a whole (docs/insights.md, "Whom a complaint
 * concerns"). Critical reviews often praise the technician and blame the
 * office in the next sentence ("Five stars for her. But the office charged my
 * card twice"), so this is decided per sentence.
 */
export type Concern = string;
export const OFFICE = 'office';
export const COMPANY = 'company';

/**
 * The people who answer the phone, schedule, dispatch and bill: "the office",
 * "the dispatcher", "billing", "the woman who answered", and the phone line
 * itself (voicemail, call-backs, being on hold, the emergency line, the
 * answering service, "the guy on the phone"), and "Office" opening a sentence
 * ("Office blamed the system"). The customer's own office ("my office",
 * "home office") does not count.
 */
export const OFFICE_PATTERN =
  /\b(?:(?:the|their|your) office(?! (?:building|space|chair|park|renovation|remodel))|office (?:staff|manager|lady|girl|person|people|team)|front desk|dispatch(?:er|ers|ing)?|receptionist|scheduler|scheduling (?:lady|person|desk|office|team)|(?:the|from|in|with|their) scheduling|scheduling (?:is|was|were|has been)|billing(?: department| office| team)?|bookkeep(?:er|ing)|(?:woman|man|lady|guy|person|girl|whoever|someone) (?:who|that) (?:answered|booked|scheduled|picked up)|(?:woman|man|lady|guy|person|girl|someone|whoever) on the phone|whoever (?:answers|picks up|answered|picked up)|answered the phone|real person answered|answering service|on hold|voicemails?|call ?backs?|called (?:me |us )?back|phone tag|(?:emergency|after[- ]hours) (?:line|number))\b|(?:^|[.!?;:]\s+|\n)office (?!building|space|chair|park|renovation|remodel|job|ceiling|lights?|outlets?|circuit|hours)/;

/** Words that point at the one technician a review names ("Five stars for her"). */
const POINTS_AT_TECHNICIAN = /\b(?:he|she|him|her|his|the tech|the technician|the electrician|the installer)\b/;

export interface ConcernFinder {
  /** `technicians`: the roster names the review mentions. */
  of(sentence: string, technicians: readonly string[]): Concern;
}

export function createConcernFinder(roster: readonly Technician[]): ConcernFinder {
  const patterns = new Map(
    roster.map((t) => {
      const names = [...new Set([t.name, firstName(t.name), ...t.aliases])].sort((a, b) => b.length - a.length);
      return [t.name, new RegExp(`\\b(?:${names.map((n) => escapeRegExp(n.toLowerCase())).join('|')})\\b`)];
    }),
  );
  return {
    of(sentence, technicians) {
      const lower = sentence.toLowerCase();
      if (OFFICE_PATTERN.test(lower)) return OFFICE;
      const named = technicians.filter((name) => patterns.get(name)?.test(lower));
      if (named.length === 1) return named[0]!;
      if (named.length === 0 && technicians.length === 1 && POINTS_AT_TECHNICIAN.test(lower)) return technicians[0]!;
      return COMPANY;
    },
  };
}
