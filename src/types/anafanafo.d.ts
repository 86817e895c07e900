/** anafanafo ships no types: the one function it exports, as its README documents it. */
declare module 'anafanafo' {
  type Font = '10px Verdana' | 'bold 10px Verdana' | '11px Verdana' | 'bold 11px Helvetica';
  /** Width in pixels of `text` set in `font`; an unknown character counts as an `m` unless `guess` is false. */
  export default function measure(text: string, options: { font: Font; guess?: boolean }): number;
}
