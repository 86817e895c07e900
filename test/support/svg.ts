import { XmlDocument, XmlElement, XmlParseError } from 'libxml2-wasm';

const NS = { s: 'http://www.w3.org/2000/svg' };

export interface SvgText {
  text: string;
  x: number;
  textLength: number;
}

/** What a test reads from an SVG image, parsed by libxml2: a document that is not well-formed XML throws. */
export interface SvgSummary {
  role: string;
  width: number;
  height: number;
  viewBox: string;
  title: string;
  texts: SvgText[];
  /** Width of the clip rectangle that paints the filled stars. */
  clipWidth: number;
  /** Local names of every element, in document order. */
  elements: string[];
}

export function readSvg(xml: string): SvgSummary {
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml);
  } catch (error) {
    if (!(error instanceof XmlParseError)) throw error;
    throw new Error(`not well-formed XML: ${error.details.map((d) => d.message.trim()).join('; ')}`, { cause: error });
  }
  try {
    const str = (xpath: string) => String(doc.eval(`string(${xpath})`, NS));
    const elements = doc.find('//*').filter((n): n is XmlElement => n instanceof XmlElement);
    return {
      role: str('/s:svg/@role'),
      width: Number(str('/s:svg/@width')),
      height: Number(str('/s:svg/@height')),
      viewBox: str('/s:svg/@viewBox'),
      title: str('/s:svg/s:title'),
      texts: elements
        .filter((e) => e.name === 'text')
        .map((e) => ({ text: e.content, x: Number(e.attr('x')?.value), textLength: Number(e.attr('textLength')?.value) })),
      clipWidth: Number(str('//s:clipPath/s:rect/@width')),
      elements: elements.map((e) => e.name),
    };
  } finally {
    doc.dispose();
  }
}
