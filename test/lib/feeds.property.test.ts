import fc from 'fast-check';
import { XmlDocument, XmlParseError } from 'libxml2-wasm';
import { describe, expect, it } from 'vitest';
import { firstXmlIllegal, replaceXmlIllegal } from '../../src/lib/content/xml-chars.ts';
import { buildAtomFeed, buildJsonFeed } from '../../src/lib/feeds.ts';
import type { Review } from '../../src/schemas/review.ts';
import type { ReviewsDataset } from '../../src/schemas/reviews-dataset.ts';
import { atomErrors } from '../support/atom.ts';

/** Any string at all: full Unicode, lone surrogates, every C0 control, U+FFFE/U+FFFF, and markup-looking pieces. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({
    unit: fc.constantFrom('\u0000', '\u000B', '\uFFFE', '\uFFFF', '\uD800', '\uDC00', ']]>', '<', '&', '"', "'", 'a', '\n', '😀'),
  }),
);

function datasetWith(author: string, text: string | null, reply: string | null, businessName: string): ReviewsDataset {
  const review: Review = {
    id: '01JA0000000000000000000001',
    author,
    author_avatar_url: null,
    rating: 4,
    date: '2025-03-10',
    text,
    source: 'google',
    source_url: null,
    owner_reply: reply === null ? null : { text: reply, date: '2025-03-11' },
    verified: true,
    technicians: [],
    services: ['panel-upgrade'],
    service_area: null,
  };
  return {
    business: {
      id: 'acme',
      name: businessName,
      description: 'Electricians',
      url: 'https://acme.example',
      telephone: '+1-555-0100',
      email: 'office@acme.example',
      address: { street_address: '1 Main St', locality: 'Town', region: 'WA', postal_code: '98000', country: 'US' },
      hours: [],
      licences: [],
      service_areas: [],
      services: [{ id: 'panel-upgrade', label: 'Panel upgrade' }],
      technicians: [],
    },
    aggregate_rating: {
      rating_value: 4,
      review_count: 1,
      best_rating: 5,
      worst_rating: 1,
      distribution: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 0 },
    },
    reviews: [review],
  };
}

function parses(xml: string): string | undefined {
  try {
    XmlDocument.fromString(xml).dispose();
    return undefined;
  } catch (error) {
    if (error instanceof XmlParseError) return error.message;
    throw error;
  }
}

describe('the feed serialisers, whatever a review holds', () => {
  it('emit well-formed XML (libxml2 parses it) for any author, text, reply and business name', () => {
    fc.assert(
      fc.property(anyText, fc.option(anyText), fc.option(anyText), anyText, (author, text, reply, name) => {
        const xml = buildAtomFeed(datasetWith(author, text, reply, name), 'https://reviews.example');
        expect(parses(xml)).toBeUndefined();
        // What XML can carry arrives as written (XML reads a carriage return as a line feed).
        const doc = XmlDocument.fromString(xml);
        try {
          const shown = doc.get('//*[local-name()="entry"]/*[local-name()="author"]/*[local-name()="name"]')?.content;
          expect(shown).toBe(replaceXmlIllegal(author).text.replace(/\r\n?/g, '\n'));
        } finally {
          doc.dispose();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keep every character XML can carry, and the Atom document valid', () => {
    const author = 'Zoë <b>&amp;</b> "Q" 😀';
    const text = 'Line one ]]> still text\n<script>alert(1)</script>';
    const xml = buildAtomFeed(datasetWith(author, text, null, 'Acme & Sons'), 'https://reviews.example');
    expect(atomErrors(xml)).toEqual([]);
    const doc = XmlDocument.fromString(xml);
    try {
      expect(doc.get('//*[local-name()="entry"]/*[local-name()="author"]/*[local-name()="name"]')?.content).toBe(author);
      expect(doc.get('/*/*[local-name()="title"]')?.content).toBe('Acme & Sons: verified customer reviews');
    } finally {
      doc.dispose();
    }
  });

  it('give JSON Feed text that survives JSON, with characters XML cannot carry replaced', () => {
    fc.assert(
      fc.property(anyText, anyText, (author, text) => {
        const feed = buildJsonFeed(datasetWith(author, text, null, 'Acme'), 'https://reviews.example');
        const item = JSON.parse(JSON.stringify(feed)).items[0];
        expect(firstXmlIllegal(item.authors[0].name)).toBeUndefined();
        expect(firstXmlIllegal(item.content_text)).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });
});
