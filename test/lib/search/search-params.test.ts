import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSearchParams, parseSearchQuery } from '../../../src/lib/search/search-params.ts';
import type { Issue } from '../../../src/schemas/errors.ts';
import type { SearchQuery } from '../../../src/schemas/search.ts';

function accepted(query: string): SearchQuery {
  const parsed = parseSearchParams(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(`expected ${query} to be accepted, got ${JSON.stringify(parsed.issues)}`);
  return parsed.value;
}

function issues(query: string): Issue[] {
  const parsed = parseSearchParams(new URLSearchParams(query));
  if (parsed.ok) throw new Error(`expected ${query} to be refused, got ${JSON.stringify(parsed.value)}`);
  return parsed.issues;
}

describe('parseSearchParams', () => {
  describe('valid query strings', () => {
    it('no parameter at all means no filter and the default limit', () => {
      expect(accepted('')).toEqual({ limit: 20 });
    });

    it('reads every parameter, numbers as numbers and text verbatim', () => {
      expect(
        accepted(
          'rating=4&min_rating=3.5&since=2024-01-01&until=2024-12-31&query=%20Breaker%20panel&mentions_technician=Tom%C3%A1s&mentions_service=panel-upgrade&limit=100',
        ),
      ).toEqual({
        rating: 4,
        min_rating: 3.5,
        since: '2024-01-01',
        until: '2024-12-31',
        query: ' Breaker panel',
        mentions_technician: 'Tomás',
        mentions_service: 'panel-upgrade',
        limit: 100,
      });
    });

    it('treats an empty value as absent', () => {
      expect(accepted('query=&rating=')).toEqual({ limit: 20 });
      expect(accepted('limit=&since=&until=&mentions_service=')).toEqual({ limit: 20 });
    });

    it('does not count an empty value as a repetition', () => {
      expect(accepted('rating=&rating=4')).toEqual({ rating: 4, limit: 20 });
    });

    it('reads whitespace-padded numbers', () => {
      expect(accepted('rating=%204%20&limit=+10&min_rating=%093.5')).toEqual({ rating: 4, min_rating: 3.5, limit: 10 });
    });

    it('accepts since equal to until (one day)', () => {
      expect(accepted('since=2024-02-29&until=2024-02-29')).toMatchObject({ since: '2024-02-29', until: '2024-02-29' });
    });
  });

  describe('invalid query strings: a 400 with every issue', () => {
    it('rating=0', () => {
      expect(issues('rating=0')).toMatchInlineSnapshot(`
        [
          {
            "code": "too_small",
            "message": "rating must be at least 1",
            "path": [
              "rating",
            ],
          },
        ]
      `);
    });

    it('rating=4.5', () => {
      expect(issues('rating=4.5')).toMatchInlineSnapshot(`
        [
          {
            "code": "invalid_type",
            "message": "rating must be a whole number",
            "path": [
              "rating",
            ],
          },
        ]
      `);
    });

    it('rating=abc', () => {
      expect(issues('rating=abc')).toMatchInlineSnapshot(`
        [
          {
            "code": "invalid_type",
            "message": "rating must be a number",
            "path": [
              "rating",
            ],
          },
        ]
      `);
    });

    it('limit=101', () => {
      expect(issues('limit=101')).toMatchInlineSnapshot(`
        [
          {
            "code": "too_big",
            "message": "limit must be at most 100",
            "path": [
              "limit",
            ],
          },
        ]
      `);
    });

    it('limit=0', () => {
      expect(issues('limit=0')).toMatchInlineSnapshot(`
        [
          {
            "code": "too_small",
            "message": "limit must be at least 1",
            "path": [
              "limit",
            ],
          },
        ]
      `);
    });

    it('min_rating=6', () => {
      expect(issues('min_rating=6')).toMatchInlineSnapshot(`
        [
          {
            "code": "too_big",
            "message": "min_rating must be at most 5",
            "path": [
              "min_rating",
            ],
          },
        ]
      `);
    });

    it('since=2026-02-30 (not a real date)', () => {
      expect(issues('since=2026-02-30')).toMatchInlineSnapshot(`
        [
          {
            "code": "invalid_format",
            "message": "since must be a real calendar date written YYYY-MM-DD",
            "path": [
              "since",
            ],
          },
        ]
      `);
    });

    it('since=2026-13-01 (no 13th month)', () => {
      expect(issues('since=2026-13-01')).toMatchInlineSnapshot(`
        [
          {
            "code": "invalid_format",
            "message": "since must be a real calendar date written YYYY-MM-DD",
            "path": [
              "since",
            ],
          },
        ]
      `);
    });

    it('until=2025-2-1 (not zero-padded)', () => {
      expect(issues('until=2025-2-1')).toMatchInlineSnapshot(`
        [
          {
            "code": "invalid_format",
            "message": "until must be a real calendar date written YYYY-MM-DD",
            "path": [
              "until",
            ],
          },
        ]
      `);
    });

    it('since after until', () => {
      expect(issues('since=2026-02-01&until=2026-01-31')).toMatchInlineSnapshot(`
        [
          {
            "code": "custom",
            "message": "until must be on or after since",
            "path": [
              "until",
            ],
          },
        ]
      `);
    });

    it('a parameter given twice', () => {
      expect(issues('rating=4&rating=5')).toMatchInlineSnapshot(`
        [
          {
            "code": "duplicate_parameter",
            "message": "rating is given 2 times; give it at most once",
            "path": [
              "rating",
            ],
          },
        ]
      `);
      expect(issues('query=a&query=a&query=a')).toMatchInlineSnapshot(`
        [
          {
            "code": "duplicate_parameter",
            "message": "query is given 3 times; give it at most once",
            "path": [
              "query",
            ],
          },
        ]
      `);
    });

    it('an unknown parameter, with a suggestion for a typo', () => {
      expect(issues('min_ratting=4')).toMatchInlineSnapshot(`
        [
          {
            "code": "unknown_parameter",
            "message": "unknown parameter "min_ratting"; did you mean "min_rating"? Known parameters: rating, min_rating, since, until, query, mentions_technician, mentions_service, limit, cursor, fields",
            "path": [
              "min_ratting",
            ],
          },
        ]
      `);
    });

    it('an unknown parameter far from any known one, even with an empty value', () => {
      expect(issues('colour=')).toMatchInlineSnapshot(`
        [
          {
            "code": "unknown_parameter",
            "message": "unknown parameter "colour". Known parameters: rating, min_rating, since, until, query, mentions_technician, mentions_service, limit, cursor, fields",
            "path": [
              "colour",
            ],
          },
        ]
      `);
    });

    it('an array-style key', () => {
      expect(issues('rating[]=4')).toMatchInlineSnapshot(`
        [
          {
            "code": "unknown_parameter",
            "message": "unknown parameter "rating[]"; did you mean "rating"? Known parameters: rating, min_rating, since, until, query, mentions_technician, mentions_service, limit, cursor, fields",
            "path": [
              "rating[]",
            ],
          },
        ]
      `);
    });

    it('a query longer than 200 characters', () => {
      expect(issues(`query=${'x'.repeat(201)}`)).toMatchInlineSnapshot(`
        [
          {
            "code": "too_big",
            "message": "query must be at most 200 characters",
            "path": [
              "query",
            ],
          },
        ]
      `);
    });

    it('a number written some other way', () => {
      expect(issues('limit=0x10&rating=Infinity')).toMatchInlineSnapshot(`
        [
          {
            "code": "invalid_type",
            "message": "rating must be a number",
            "path": [
              "rating",
            ],
          },
          {
            "code": "invalid_type",
            "message": "limit must be a number",
            "path": [
              "limit",
            ],
          },
        ]
      `);
    });

    it('several problems at once, all reported', () => {
      expect(issues('rating=0&limit=101&since=2026-03-01&until=2026-02-01&min_ratting=4&query=a&query=b')).toMatchInlineSnapshot(`
        [
          {
            "code": "unknown_parameter",
            "message": "unknown parameter "min_ratting"; did you mean "min_rating"? Known parameters: rating, min_rating, since, until, query, mentions_technician, mentions_service, limit, cursor, fields",
            "path": [
              "min_ratting",
            ],
          },
          {
            "code": "duplicate_parameter",
            "message": "query is given 2 times; give it at most once",
            "path": [
              "query",
            ],
          },
          {
            "code": "too_small",
            "message": "rating must be at least 1",
            "path": [
              "rating",
            ],
          },
          {
            "code": "too_big",
            "message": "limit must be at most 100",
            "path": [
              "limit",
            ],
          },
          {
            "code": "custom",
            "message": "until must be on or after since",
            "path": [
              "until",
            ],
          },
        ]
      `);
    });
  });

  describe('parseSearchQuery (the raw query string, with a direct path for plainly valid ones)', () => {
    const names = [
      'rating',
      'min_rating',
      'since',
      'until',
      'query',
      'mentions_technician',
      'mentions_service',
      'limit',
      'min_ratting',
      'rating[]',
      'Rating',
      'min%5Frating',
      '',
    ];
    const values = fc.oneof(
      fc.constantFrom(
        '',
        '1',
        '5',
        '0',
        '6',
        '4.5',
        '3.50',
        '05',
        '+4',
        ' 4',
        '1e0',
        '.5',
        '3.',
        '4..5',
        '4.5.1',
        '4a',
        '100',
        '101',
        '020',
        'abc',
        '%20',
        '%E0%A4%A',
        '%ZZ',
        '+',
        'a+b',
        'Tom%C3%A1s',
      ),
      fc.constantFrom('2024-02-29', '2023-02-29', '2026-02-30', '2026-13-01', '2025-1-5', '2024-01-01', '2025-12-31'),
      fc.string({ maxLength: 6 }).map(encodeURIComponent),
      fc.string({ minLength: 95, maxLength: 210 }),
    );
    const queryString = fc
      .array(fc.tuple(fc.constantFrom(...names), values, fc.boolean()), { maxLength: 6 })
      .map((pairs) => pairs.map(([name, value, withEquals]) => (withEquals || value ? `${name}=${value}` : name)).join('&'));

    it('answers exactly what parseSearchParams answers, valid or not', () => {
      fc.assert(
        fc.property(queryString, (query) => {
          expect(parseSearchQuery(query)).toEqual(parseSearchParams(new URLSearchParams(query)));
        }),
        { numRuns: 5000 },
      );
    });

    it('reads the usual requests', () => {
      expect(parseSearchQuery('rating=5&mentions_technician=Tom%C3%A1s&query=breaker+panel&since=2024-01-01&limit=50')).toEqual({
        ok: true,
        value: { rating: 5, mentions_technician: 'Tomás', query: 'breaker panel', since: '2024-01-01', limit: 50 },
      });
      expect(parseSearchQuery('')).toEqual({ ok: true, value: { limit: 20 } });
    });
  });
});

describe('hostile query strings: one bounded answer, cheaply', () => {
  const refused = (query: string): Issue[] => {
    const parsed = parseSearchQuery(query);
    if (parsed.ok) throw new Error(`expected ${query.slice(0, 40)}… to be refused`);
    return parsed.issues;
  };

  it('answers more parameters than the search has names (plus a margin) with one issue', () => {
    const query = Array.from({ length: 5_000 }, (_, i) => `unknown${i}=1`).join('&');
    expect(refused(query)).toEqual([
      {
        path: [],
        code: 'too_many_parameters',
        message:
          '5000 parameters given; the search takes at most 10 (rating, min_rating, since, until, query, mentions_technician, mentions_service, limit, cursor, fields), each once',
      },
    ]);
  });

  it('still lists each unknown name when there are only a few more than the search takes', () => {
    const query = Array.from({ length: 18 }, (_, i) => `x${i}=1`).join('&');
    expect(refused(query)).toHaveLength(18);
    expect(refused(`${query}&x18=1`).map((i) => i.code)).toEqual(['too_many_parameters']);
  });

  it('repeats at most 64 characters of a long unknown name, and suggests nothing for it', () => {
    const name = 'limit'.repeat(2_000);
    const [issue] = refused(`${name}=1`);
    expect(issue?.path).toEqual([`${name.slice(0, 64)}…`]);
    expect(issue?.message.length).toBeLessThan(250);
    expect(issue?.message).not.toContain('did you mean');
  });

  it('costs about what a search costs, not what a report of every name would', () => {
    const query = Array.from({ length: 5_000 }, (_, i) => `unknown${i}=${i}`).join('&');
    const times: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      const start = performance.now();
      refused(query);
      times.push(performance.now() - start);
    }
    // Reporting every name took 70 ms before the cap; counting them takes well under one.
    expect(times.sort((a, b) => a - b)[2]).toBeLessThan(5);
  });
});
