import { ImportError } from './record.ts';

/**
 * An export's bytes as text. Spreadsheet programs save "Unicode text" as
 * UTF-16 (Excel's "Unicode Text", Numbers' UTF-16 CSV): read as such when the
 * bytes say so (a byte-order mark, or the zero bytes every other byte of
 * UTF-16 English carries); anything else must be UTF-8, and bytes that are not
 * (a Windows-1252 or Latin-1 file) are refused naming what to do.
 */
export function decodeExport(bytes: Uint8Array): { text: string; encoding: 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' } {
  const utf16 = utf16Order(bytes);
  if (utf16) {
    try {
      return { text: new TextDecoder(utf16 === 'UTF-16LE' ? 'utf-16le' : 'utf-16be', { fatal: true }).decode(bytes), encoding: utf16 };
    } catch {
      throw new ImportError(`the file looks like ${utf16} (Unicode text) but is not valid ${utf16}: save it again as CSV UTF-8`);
    }
  }
  try {
    // The decoder drops a UTF-8 byte-order mark itself.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' };
  } catch {
    const at = firstInvalidUtf8(bytes);
    throw new ImportError(
      `byte ${at + 1} (0x${bytes[at]!.toString(16).toUpperCase().padStart(2, '0')}) is not UTF-8: the file is in another encoding (Windows-1252 or Latin-1, most likely); save it again as CSV UTF-8`,
    );
  }
}

function utf16Order(bytes: Uint8Array): 'UTF-16LE' | 'UTF-16BE' | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'UTF-16LE';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'UTF-16BE';
  // Without a mark: text (CSV headers, JSON) starts with ASCII, which UTF-16 writes as a byte and a zero byte.
  const sample = bytes.subarray(0, Math.min(bytes.length, 256) & ~1);
  if (sample.length < 4) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i += 2) {
    if (sample[i] === 0) evenZeros += 1;
    if (sample[i + 1] === 0) oddZeros += 1;
  }
  const pairs = sample.length / 2;
  if (oddZeros > pairs * 0.6 && evenZeros === 0) return 'UTF-16LE';
  if (evenZeros > pairs * 0.6 && oddZeros === 0) return 'UTF-16BE';
  return undefined;
}

function firstInvalidUtf8(bytes: Uint8Array): number {
  // Halving search for the shortest prefix that does not decode (a prefix cut inside a sequence is fine in a stream).
  const decodes = (end: number) => {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end), { stream: true });
      return true;
    } catch {
      return false;
    }
  };
  let good = 0;
  let bad = bytes.length;
  while (bad - good > 1) {
    const mid = (good + bad) >> 1;
    if (decodes(mid)) good = mid;
    else bad = mid;
  }
  return Math.max(0, bad - 1);
}
