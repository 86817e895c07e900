import { describe, expect, it } from 'vitest';
import { buildRobotsTxt, buildSitemap } from '../../../src/lib/site/machine-files.ts';

describe('buildSitemap', () => {
  it('lists each page once with an escaped absolute URL and its last change when it has one', () => {
    const xml = buildSitemap('https://r.example/a&b', [
      { path: '/', lastmod: '2025-03-12' },
      { path: '/developers/', lastmod: null },
    ]);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '  <url><loc>https://r.example/a&amp;b/</loc><lastmod>2025-03-12</lastmod></url>\n' +
        '  <url><loc>https://r.example/a&amp;b/developers/</loc></url>\n</urlset>\n',
    );
  });
});

describe('buildRobotsTxt', () => {
  it('allows everything and names the sitemap', () => {
    expect(buildRobotsTxt('https://r.example')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://r.example/sitemap.xml\n');
  });
});
