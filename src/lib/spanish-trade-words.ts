/**
 * Reviews in Spanish or Spanglish name the same jobs in other words ("cambió el breaker", "enchufes nuevos", "el
 * circuito para el minisplit"). The service rules read English (docs/insights.md, "Services that are jobs"), so the
 * trade nouns, job verbs and the few words of grammar the rules lean on are put into English first: a glossary of the
 * language, never of one review or one business. The words of grammar ("el", "y", "para") are put into English only in
 * a review that reads as Spanish, so an English review keeps its own.
 */

/** Trade nouns, job verbs and symptoms, as Spanish writes them (accents kept and dropped). */
const TRADE_WORDS: Readonly<Record<string, string>> = {
  enchufe: 'outlet',
  enchufes: 'outlets',
  contacto: 'outlet',
  contactos: 'outlets',
  tomacorriente: 'outlet',
  tomacorrientes: 'outlets',
  luz: 'light',
  luces: 'lights',
  lámpara: 'light',
  lámparas: 'lights',
  lampara: 'light',
  lamparas: 'lights',
  circuito: 'circuit',
  circuitos: 'circuits',
  interruptor: 'switch',
  interruptores: 'switches',
  apagador: 'switch',
  apagadores: 'switches',
  pastilla: 'breaker',
  pastillas: 'breakers',
  ventilador: 'fan',
  ventiladores: 'fans',
  abanico: 'fan',
  abanicos: 'fans',
  cargador: 'charger',
  generador: 'generator',
  inspección: 'inspection',
  inspeccion: 'inspection',
  desconexión: 'disconnect',
  desconexion: 'disconnect',
  desconectador: 'disconnect',
  minisplit: 'mini split',
  jacuzzi: 'hot tub',
  alberca: 'pool',
  piscina: 'pool',
  pozo: 'well',
  bomba: 'pump',
  presupuesto: 'quote',
  cotización: 'quote',
  cotizacion: 'quote',
  problema: 'problem',
  cambió: 'replaced',
  cambiaron: 'replaced',
  cambiar: 'replace',
  cambiarle: 'replace',
  instaló: 'installed',
  instalo: 'installed',
  instalaron: 'installed',
  instalar: 'install',
  puso: 'put in',
  pusieron: 'put in',
  poner: 'put in',
  arregló: 'fixed',
  arreglo: 'fixed',
  arreglaron: 'fixed',
  arreglar: 'fix',
  reparó: 'repaired',
  reparo: 'repaired',
  agregó: 'added',
  agrego: 'added',
  añadió: 'added',
  encontró: 'found',
  encontro: 'found',
  quemado: 'burnt',
  quemados: 'burnt',
  quemada: 'burnt',
  quemadas: 'burnt',
  flojo: 'loose',
  floja: 'loose',
  nuevo: 'new',
  nuevos: 'new',
  nueva: 'new',
  nuevas: 'new',
  viejo: 'old',
  viejos: 'old',
  vieja: 'old',
  viejas: 'old',
  afuera: 'outside',
  exteriores: 'outside',
  suelto: 'loose',
  suelta: 'loose',
  sueltos: 'loose',
  cable: 'cable',
  conexión: 'connection',
  conexion: 'connection',
  caja: 'box',
  pasó: 'passed',
  paso: 'passed',
  estado: 'state',
  ciudad: 'city',
  condado: 'county',
  propio: 'own',
  propia: 'own',
};

/** Phrases whose English has another order or no word for word ("su propio circuito", "se botaba", "no servían"). */
const TRADE_PHRASES: readonly (readonly [RegExp, string])[] = [
  // An adjective after its noun goes before it: "el panel viejo" is "the old panel", "luces afuera" "outside lights".
  [
    /(?<![\p{L}\p{N}])(enchufes?|luz|luces|lámparas?|lamparas?|circuitos?|panel|breakers?|interruptor(?:es)?|cables?|conexi[óo]n)\s+(nuev[oa]s?|viej[oa]s?|afuera|exteriore?s?|suelt[oa]s?|quemad[oa]s?|floj[oa]s?)(?![\p{L}\p{N}])/gu,
    '$2 $1',
  ],
  // A light by an outdoor place: "la luz del portal", "lámparas en el corral".
  [
    /(?<![\p{L}\p{N}])(luz|luces|lámparas?|lamparas?)\s+(?:del|de la|en el|en la)\s+(?:portal|porche|patio|jardín|jardin|corral|yard)(?![\p{L}\p{N}])/gu,
    'outside $1',
  ],
  [/(?<![\p{L}\p{N}])bomba\s+(?:del|de la|de)\s+(pozo|alberca|piscina)(?![\p{L}\p{N}])/gu, '$1 bomba'],
  [/(?<![\p{L}\p{N}])(?:su|sus) propi[oa]s? circuitos?(?![\p{L}\p{N}])/gu, 'its own circuit'],
  [/(?<![\p{L}\p{N}])se (?:botaba|botaban|disparaba|disparaban|bajaba|bajaban|brincaba|brincaban)(?![\p{L}\p{N}])/gu, 'kept tripping'],
  [
    /(?<![\p{L}\p{N}])no (?:servía|servian|servían|servia|funcionaba|funcionaban|prendía|prendia|prendían)(?![\p{L}\p{N}])/gu,
    'was not working',
  ],
  [/(?<![\p{L}\p{N}])se (?:apagaba|apagaban|iba|iban)(?![\p{L}\p{N}])/gu, 'kept going out'],
  [/(?<![\p{L}\p{N}])(?:nos |me |le )?(?:querían|querian|quería|queria|quiso|quisieron) vender(?![\p{L}\p{N}])/gu, 'tried to sell'],
  [/(?<![\p{L}\p{N}])el problema era(?![\p{L}\p{N}])/gu, 'the problem was'],
];

/** Words of grammar the service rules read, put into English in a review that reads as Spanish. */
const GRAMMAR: Readonly<Record<string, string>> = {
  el: 'the',
  la: 'the',
  los: 'the',
  las: 'the',
  un: 'a',
  una: 'a',
  unos: 'some',
  unas: 'some',
  y: 'and',
  en: 'in',
  para: 'for',
  del: 'of the',
  de: 'of',
  que: 'that',
  dos: 'two',
  tres: 'three',
  todos: 'all',
  todo: 'all',
};

/** Words only Spanish writes often: two of them make a review (or a part of it) read as Spanish. */
const SPANISH_MARKERS = /(?<![\p{L}\p{N}])(?:el|los|las|del|que|y|por|para|con|muy|nos|una|pero|gracias|también|todo)(?![\p{L}\p{N}])/gu;

const TRADE_WORD = new RegExp(`(?<![\\p{L}\\p{N}])(?:${Object.keys(TRADE_WORDS).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
const GRAMMAR_WORD = new RegExp(`(?<![\\p{L}\\p{N}])(?:${Object.keys(GRAMMAR).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
/** A quick look for any Spanish trade word, so an English review is returned as it is after one scan. */
const ANY_SPANISH = new RegExp(`${TRADE_WORD.source}|${SPANISH_MARKERS.source}`, 'u');

/** The normalised text with its Spanish trade words (and, in a Spanish review, its words of grammar) in English. */
export function englishTradeWords(text: string): string {
  if (!ANY_SPANISH.test(text)) return text;
  const markers = new Set(text.match(SPANISH_MARKERS) ?? []);
  // search, not test: it leaves the global pattern's lastIndex as it was for the replace below and the next review.
  if (markers.size < 2 && text.search(TRADE_WORD) === -1) return text;
  let out = text;
  for (const [pattern, english] of TRADE_PHRASES) out = out.replace(pattern, english);
  out = out.replace(TRADE_WORD, (w) => TRADE_WORDS[w] ?? w);
  if (markers.size >= 2) out = out.replace(GRAMMAR_WORD, (w) => GRAMMAR[w] ?? w);
  return out;
}
