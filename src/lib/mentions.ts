import type { ServiceFile, Technician } from '../schemas/catalogue.ts';
import { phraseMatcher, type PhraseMatch } from './phrase-matcher.ts';
import { createServiceReader, type ServiceReferences } from './service-references.ts';
import { initialReadsAsName, isTechnicianMention, namesSomeoneElse } from './technician-names.ts';
import { firstNameOwners, specificNames, technicianPhrases, writtenNameForms } from './technician-phrases.ts';
import { normaliseText } from './text.ts';

/**
 * Finds which roster technicians and catalogue services a text mentions.
 * One alternation per kind, longest phrase first, so "breaker panel" is read
 * as the panel and not also as a breaker. A service counts only when the words
 * around it make it a job done or quoted for this customer (service-references.ts);
 * a name that is also a word counts only where it is used as a name
 * (technician-names.ts).
 */
export interface MentionMatcher {
  technicians(text: string): string[];
  services(text: string): string[];
  /** Services the text names but not as a job for this customer: denied, not needed, someone else's, a symptom. */
  serviceReferences(text: string): ServiceReferences;
}

export function createMentionMatcher(roster: readonly Technician[], catalogue: readonly ServiceFile[]): MentionMatcher {
  const forms = writtenNameForms(roster);
  const technicianMatch = phraseMatcher(new Map([...forms.phrases, ...technicianPhrases(roster, { includeSharedFirstNames: true })]));
  const specific = new Set([...specificNames(roster), ...forms.specific]);
  const serviceReferences = createServiceReader(catalogue, (text) => technicianMatch(text).length > 0);
  const firstNameOnly = (m: PhraseMatch): PhraseMatch => {
    const phrase = m.phrase.split(' ')[0]!;
    return { phrase, targets: firstOwners.get(phrase) ?? m.targets, start: m.start, end: m.start + phrase.length };
  };
  const firstOwners = firstNameOwners(roster);
  return {
    technicians: (text) => {
      const matches = technicianMatch(text);
      if (matches.length === 0) return [];
      // Case decides for names that are words; the offsets are the original's unless NFKC changed the length.
      const normalised = normaliseText(text);
      const original = normalised.length === text.length ? text : normalised;
      const lower = original.toLowerCase();
      const accepted = matches.map((found) => {
        // "Thanks Chris a lot": an initial that does not read as one leaves the first name alone.
        const m = forms.specific.has(found.phrase) && !initialReadsAsName(original, found.start, found.end) ? firstNameOnly(found) : found;
        const isSpecific = specific.has(m.phrase);
        return { m, isSpecific, ok: isTechnicianMention(original, m.start, m.end, isSpecific) };
      });
      // A name the review gives someone else ("my husband Will") stays theirs wherever it comes back ("Will is no longer allowed").
      const othersNames = new Set(
        accepted.filter((a) => !a.ok && !a.isSpecific && namesSomeoneElse(original, a.m.start)).map((a) => a.m.phrase),
      );
      for (const [k, a] of accepted.entries()) {
        if (a.ok || othersNames.has(a.m.phrase)) continue;
        // A name coordinated with another name is a name too ("dee and ted", "Will & Grant").
        const joined = (b: (typeof accepted)[number] | undefined, gap: string) => b !== undefined && b.ok && COORDINATION.test(gap);
        if (
          joined(accepted[k - 1], lower.slice(accepted[k - 1]?.m.end ?? 0, a.m.start)) ||
          joined(accepted[k + 1], lower.slice(a.m.end, accepted[k + 1]?.m.start ?? 0))
        )
          a.ok = true;
      }
      const kept = accepted.filter((a) => a.ok && !(othersNames.has(a.m.phrase) && !a.isSpecific));
      // A shared first name means both, unless the review names one of them fully ("Chris D. … Chris was great");
      // "Chris and Chris", "the other Chris" and "both Chrises" mean both whatever else is named.
      const named = new Set(kept.filter((a) => a.m.targets.length === 1).flatMap((a) => a.m.targets));
      const found = new Set<string>();
      for (const [k, a] of kept.entries()) {
        const { m } = a;
        const both =
          forms.plurals.has(m.phrase) ||
          /\bother\s+$/.test(lower.slice(Math.max(0, m.start - 10), m.start)) ||
          [kept[k - 1], kept[k + 1]].some(
            (b) =>
              b !== undefined &&
              b.m.phrase === m.phrase &&
              COORDINATION.test(lower.slice(Math.min(b.m.end, m.end), Math.max(b.m.start, m.start))),
          );
        const targets =
          !both && m.targets.length > 1 && m.targets.some((t) => named.has(t)) ? m.targets.filter((t) => named.has(t)) : m.targets;
        for (const t of targets) found.add(t);
      }
      return [...found].sort();
    },
    services: (text) => serviceReferences(text).services,
    serviceReferences,
  };
}

/** What may stand between two names in a list: "Dee and Ted", "Will & Grant", "Matt, Grant". */
const COORDINATION = /^\s*(?:,|,?\s*(?:and|&|\+|or|n)|\/)\s*$/;
