/** Calendar dates as the owner writes them (`YYYY-MM-DD`), checked without ever rolling over. */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** What is wrong with a date written in a content file (phrased for the owner), or undefined when it is a real day. */
export function calendarDateProblem(text: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return `"${text}" is not a date written YYYY-MM-DD (e.g. 2026-03-15)`;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12) return `"${text}" is not a date on the calendar (the month must be 01 to 12)`;
  const last = daysInMonth(year, month);
  if (day < 1 || day > last) {
    const leap = month === 2 && day === 29 ? `, ${year} is not a leap year` : '';
    return `"${text}" is not a date on the calendar (${MONTHS[month - 1]} ${year} has ${last} days${leap})`;
  }
  return undefined;
}

/** The calendar date of an instant in an IANA time zone, `YYYY-MM-DD`. */
export function dateIn(timeZone: string, instant: Date): string {
  let format = formats.get(timeZone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD. Making a formatter costs about a millisecond: one per zone.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, format);
  }
  return format.format(instant);
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** Whether the runtime knows an IANA time zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name.includes('/') || name === 'UTC';
  } catch {
    return false;
  }
}
