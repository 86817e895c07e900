import { describe, expect, it } from 'vitest';
import { calendarDateProblem, dateIn, isTimeZone } from '../../../src/lib/content/dates.ts';
import { parseFrontmatter } from '../../../src/lib/content/frontmatter.ts';

describe('dates as written', () => {
  it('accepts real days and refuses impossible ones without rolling over', () => {
    expect(calendarDateProblem('2024-02-29')).toBeUndefined();
    expect(calendarDateProblem('2026-12-31')).toBeUndefined();
    expect(calendarDateProblem('2026-11-31')).toBe('"2026-11-31" is not a date on the calendar (November 2026 has 30 days)');
    expect(calendarDateProblem('2026-13-01')).toBe('"2026-13-01" is not a date on the calendar (the month must be 01 to 12)');
    expect(calendarDateProblem('2026-1-5')).toBe('"2026-1-5" is not a date written YYYY-MM-DD (e.g. 2026-03-15)');
  });

  it('reads a YAML header without turning dates into timestamps', () => {
    expect(parseFrontmatter('---\ndate: 2026-11-31\nrating: 5\n---\nText\n')).toEqual({
      ok: true,
      data: { date: '2026-11-31', rating: 5 },
      body: 'Text\n',
    });
  });

  it('takes the date of an instant in the business time zone', () => {
    // 07:30 UTC on the 28th is still the 27th in Tacoma (UTC-8 in November).
    expect(dateIn('America/Los_Angeles', new Date('2026-11-28T07:30:00Z'))).toBe('2026-11-27');
    expect(dateIn('America/Los_Angeles', new Date('2026-11-28T08:00:00Z'))).toBe('2026-11-28');
    expect(isTimeZone('America/Los_Angeles')).toBe(true);
    expect(isTimeZone('Pacific Time')).toBe(false);
  });
});
