/** Bump `version` whenever a lexicon or rule change can change the output for the same reviews. */
export const MODEL = {
  name: 'harbor-absa-lexicon',
  version: '1.1.0',
} as const;

/** Version of the `/insights.json` format itself. */
export const INSIGHTS_FORMAT_VERSION = '1.0.0';
