import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RelaxNGValidator, XmlDocument, XmlParseError, XmlValidateError, type ErrorDetail } from 'libxml2-wasm';
import { ROOT } from './paths.ts';

/**
 * RFC 4287's RELAX NG grammar in its XML syntax, converted once from
 * `atom.rnc` (see test/schemas/README.md): libxml2 reads only the XML syntax.
 */
export const ATOM_RNG = join(ROOT, 'test/schemas/atom.rng');

const describeDetail = (d: ErrorDetail): string => `line ${d.line}${d.xpath ? ` (${d.xpath})` : ''}: ${d.message.trim()}`;

/**
 * Validates an XML document against the Atom RELAX NG schema with libxml2
 * (WebAssembly, no Java). Returns libxml2's messages, one a line: none when the
 * document is valid. A document that is not well-formed XML is reported the
 * same way. Everything libxml2 allocates is freed before returning.
 */
export function atomErrors(xml: string): string[] {
  const schemaDoc = XmlDocument.fromBuffer(readFileSync(ATOM_RNG), { url: ATOM_RNG });
  let validator: RelaxNGValidator;
  try {
    // libxml2 copies the grammar it needs: the schema document can go at once.
    validator = RelaxNGValidator.fromDoc(schemaDoc);
  } finally {
    schemaDoc.dispose();
  }
  try {
    let doc: XmlDocument;
    try {
      doc = XmlDocument.fromString(xml);
    } catch (error) {
      if (!(error instanceof XmlParseError)) throw error;
      return ['not well-formed XML:', ...error.details.map(describeDetail)];
    }
    try {
      validator.validate(doc);
      return [];
    } catch (error) {
      // Any other error (a plain XmlError) is a failure of the validator itself.
      if (!(error instanceof XmlValidateError)) throw error;
      return error.details.length > 0 ? error.details.map(describeDetail) : [error.message || 'invalid'];
    } finally {
      doc.dispose();
    }
  } finally {
    validator.dispose();
  }
}
