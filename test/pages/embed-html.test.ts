import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../functions/process/server.ts';
import { EMBED_FRAME } from '../../src/lib/widget/embed-card.ts';
import { FIXTURE_DIST, SAMPLE_DIST } from '../support/paths.ts';
import { serve } from '../support/server.ts';

const PATHS = [EMBED_FRAME.card.path, EMBED_FRAME.compact.path];

describe.each([
  ['the sample business', SAMPLE_DIST],
  ['the fixture business', FIXTURE_DIST],
])('the embed pages of %s', (_name, dist) => {
  let server: RunningServer;
  beforeAll(async () => (server = await serve(dist)));
  afterAll(() => server.close());

  it.each(PATHS)('%s is valid HTML (html-validate, recommended rules) with nothing that runs or styles inline', async (path) => {
    const response = await fetch(server.url + path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    const report = await new HtmlValidate({ extends: ['html-validate:recommended'] }).validateString(html, path);
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.message}`))).toEqual([]);
    expect(html).not.toMatch(/<script\b|<style\b|\sstyle="|\son[a-z]+="/i);
    // One stylesheet, from the service's own origin.
    expect([...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      expect.stringMatching(/^\/_astro\/[\w.-]+\.css$/),
    ]);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
  });
});
