import type { OfficeStaff, ServiceArea, Technician } from '../../../schemas/catalogue.ts';
import { firstName } from '../../technician-phrases.ts';
import { isTechnicianMention, isWordOpeningSentence } from '../../technician-names.ts';
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
  /\b(?:(?:the|their|your) office(?! (?:building|space|chair|park|renovation|remodel))|office (?:staff|manager|lady|girl|person|people|team)|front desk|dispatch(?:er|ers|ing)?|receptionist|scheduler|scheduling (?:lady|person|desk|office|team)|(?:the|from|in|with|their) scheduling|scheduling (?:is|was|were|has been)|billing(?: department| office| team)?|bookkeep(?:er|ing)|(?:woman|man|lady|guy|person|girl|whoever|someone) (?:who|that) (?:answered|answers|booked|books|scheduled|schedules|picked up|picks up|dispatches)|(?:text|email|appointment) reminders?|reminder (?:texts?|emails?|calls?)|customer service (?:said|told|rep|reps|representative|line|desk)|(?:woman|man|lady|guy|person|girl|someone|whoever) on the phone|whoever (?:answers|picks up|answered|picked up)|answered the phone|real person answered|answering service|on hold|voicemails?|call ?backs?|called (?:me |us )?back|phone tag|(?:emergency|after[- ]hours) (?:line|number))\b|(?:^|[.!?;:]\s+|\n)office (?!building|space|chair|park|renovation|remodel|job|ceiling|lights?|outlets?|circuit|hours)/;

/** Words that point at the one technician a review names ("Five stars for her"). */
const POINTS_AT_TECHNICIAN = /\b(?:he|she|him|her|his|the tech|the technician|the electrician|the installer)\b/;

/**
 * Whether a sentence speaks of the office and staff: `OFFICE_PATTERN`, or a
 * person the owner lists as office staff ("Madison on the phone made
 * scheduling easy", "Belén me dio cita"). A full name counts in any case; a
 * single name (a first name, a one-word alias) only capitalised, since many
 * are also words ("Faith", "Sandy", "Penny"), and not after a word of place
 * when it is also a listed area ("in Madison"). A name a technician also goes
 * by is left to the technicians: it cannot tell them apart.
 */
export interface OfficeFinder {
  mentions(sentence: string): boolean;
}

/** Words of place in English and Spanish ("in Madison", "de Belén"). */
const PLACE_BEFORE =
  /(?:^|[^\p{L}])(?:in|to|from|near|of|at|around|out|outside|across|into|past|toward|towards|de|del|en|desde|hasta)\s+$/iu;
/**
 * A capitalised word or "of" right before a single name makes it part of another's ("Hurricane Sandy", "Rose of
 * Sharon"), unless the word only greets, thanks or titles the person ("Thanks Faith", "Miss Sandy").
 */
const ANOTHER_NAME_BEFORE = /(?:^|[^\p{L}])(?:\p{Lu}[\p{L}'’]*|of)\s+$/u;
const GREETS_BEFORE =
  /(?:^|[^\p{L}])(?:I|Thanks|Thank|Ask|Call|Dear|Hi|Hello|Hey|And|But|So|Then|Oh|Yes|Also|Even|Only|Love|Bless|Miss|Ms\.?|Mrs\.?|Mr\.?)\s+$/u;
/** How far back a word of place is looked for: the longest of them and its space. */
const PLACE_REACH = 12;
/** Accents folded, case kept: "Belén" and "Belen" are one name; "Faith" and "faith" are not. */
const foldMarks = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .normalize('NFC');

export function createOfficeFinder(
  staff: readonly OfficeStaff[],
  roster: readonly Technician[],
  areas: readonly ServiceArea[],
): OfficeFinder {
  const key = (name: string) => foldMarks(name).toLowerCase();
  const technicianNames = new Set(roster.flatMap((t) => [t.name, firstName(t.name), ...t.aliases]).map(key));
  const areaNames = new Set(areas.flatMap((a) => [a.name, ...a.aliases]).map(key));
  const forms = [...new Set(staff.flatMap((p) => [p.name, firstName(p.name), ...p.aliases]).map(foldMarks))].filter(
    (form) => !technicianNames.has(key(form)),
  );
  const whole = forms.filter((f) => f.includes(' '));
  const single = forms.filter((f) => !f.includes(' '));
  const alternation = (names: readonly string[]) =>
    [...names]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|');
  // Word edges by Unicode letters: JavaScript's \b knows only ASCII ones, and names need not be ASCII.
  const wholePattern = whole.length > 0 ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternation(whole)})(?![\\p{L}\\p{N}])`, 'iu') : null;
  const singlePattern = single.length > 0 ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternation(single)})(?![\\p{L}\\p{N}])`, 'gu') : null;
  const namesStaff = (sentence: string): boolean => {
    if (wholePattern === null && singlePattern === null) return false;
    const text = foldMarks(sentence);
    if (wholePattern?.test(text)) return true;
    if (singlePattern === null) return false;
    for (const m of text.matchAll(singlePattern)) {
      if (!/^\p{Lu}/u.test(m[0])) continue;
      const before = text.slice(Math.max(0, m.index - PLACE_REACH), m.index);
      if (areaNames.has(key(m[0])) && PLACE_BEFORE.test(before)) continue;
      if (ANOTHER_NAME_BEFORE.test(before) && !GREETS_BEFORE.test(before)) continue;
      // The technicians' reading of a name's neighbours: "my grandmother Florence", "Florence Nightingale", "Holly Springs".
      const end = m.index + m[0].length;
      if (!isTechnicianMention(text, m.index, end, false) || isWordOpeningSentence(text, m.index, end)) continue;
      return true;
    }
    return false;
  };
  return { mentions: (sentence) => OFFICE_PATTERN.test(sentence.toLowerCase()) || namesStaff(sentence) };
}

export interface ConcernFinder {
  /** `technicians`: the roster names the review mentions. */
  of(sentence: string, technicians: readonly string[]): Concern;
}

export function createConcernFinder(roster: readonly Technician[], office: OfficeFinder): ConcernFinder {
  const patterns = new Map(
    roster.map((t) => {
      const names = [...new Set([t.name, firstName(t.name), ...t.aliases])].sort((a, b) => b.length - a.length);
      return [t.name, new RegExp(`\\b(?:${names.map((n) => escapeRegExp(n.toLowerCase())).join('|')})\\b`)];
    }),
  );
  return {
    of(sentence, technicians) {
      if (office.mentions(sentence)) return OFFICE;
      const lower = sentence.toLowerCase();
      const named = technicians.filter((name) => patterns.get(name)?.test(lower));
      if (named.length === 1) return named[0]!;
      if (named.length === 0 && technicians.length === 1 && POINTS_AT_TECHNICIAN.test(lower)) return technicians[0]!;
      return COMPANY;
    },
  };
}
