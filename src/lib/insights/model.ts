/** Bump `version` whenever a lexicon, rule or weights change (npm run train) can change the output for the same reviews. */
export const MODEL = {
  name: 'harbor-absa-learned',
  version: '2.4.0',
} as const;

/** Version of the `/insights.json` format itself. */
export const INSIGHTS_FORMAT_VERSION = '1.1.0';
