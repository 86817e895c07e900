import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeUtf8 } from '../../src/lib/utf8.ts';

/** What writeUtf8 leaves in a buffer that has `before` bytes of something else first. */
function written(text: string, before = 3): { bytes: Buffer; end: number } {
  const target = Buffer.alloc(before + Buffer.byteLength(text) + 4, 0x2a);
  const end = writeUtf8(target, text, before);
  return { bytes: target.subarray(before, end), end };
}

describe('writeUtf8', () => {
  it('copies short ASCII text at the offset and returns the offset after it', () => {
    const { bytes, end } = written('{"matched":3,"reviews":[');
    expect(bytes.toString('latin1')).toBe('{"matched":3,"reviews":[');
    expect(end).toBe(3 + 24);
  });

  it('writes UTF-8 for text that is not ASCII, also after an ASCII start', () => {
    for (const text of ['{"since":"Tomás', 'é', 'a😀b', '\u0080', 'x'.repeat(40) + 'ü']) {
      const { bytes, end } = written(text);
      expect(bytes.equals(Buffer.from(text, 'utf8'))).toBe(true);
      expect(end).toBe(3 + Buffer.byteLength(text));
    }
  });

  it('writes long text through Buffer#write', () => {
    const text = 'r'.repeat(500) + 'é';
    expect(written(text, 0).bytes.toString('utf8')).toBe(text);
  });

  it('matches Buffer.from for any string and leaves the bytes around it alone', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 160 }), fc.nat(8), (text, before) => {
        const target = Buffer.alloc(before + Buffer.byteLength(text) + 2, 0x2a);
        const end = writeUtf8(target, text, before);
        expect(end).toBe(before + Buffer.byteLength(text));
        expect(target.subarray(before, end).equals(Buffer.from(text, 'utf8'))).toBe(true);
        expect([...target.subarray(0, before), ...target.subarray(end)].every((b) => b === 0x2a)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
