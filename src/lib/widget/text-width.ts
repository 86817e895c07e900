import measure from 'anafanafo';

/**
 * Width of a line of text in Verdana at any size, from the width tables shields.io measured
 * (anafanafo, 11px regular and 10px bold), scaled linearly. The badge declares Verdana first and
 * pins every text to this width with `textLength`, so a fallback font is stretched or squeezed
 * to fit rather than clipped.
 */
export function verdanaWidth(text: string, sizePx: number, bold = false): number {
  return bold ? (measure(text, { font: 'bold 10px Verdana' }) * sizePx) / 10 : (measure(text, { font: '11px Verdana' }) * sizePx) / 11;
}
