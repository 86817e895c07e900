import type { AstroIntegration } from 'astro';
import { PATHS } from '../../src/lib/endpoints.ts';

/**
 * The read API under `astro dev`. Its routes live beside the server's
 * handlers, not in `src/pages`, because `src/` never imports from
 * `functions/`; Astro takes them from here by `injectRoute`.
 */
export function devRoutes(): AstroIntegration {
  return {
    name: 'verified-reviews:dev-routes',
    hooks: {
      'astro:config:setup': ({ injectRoute }) => {
        injectRoute({ pattern: PATHS.search, entrypoint: new URL('./search-route.ts', import.meta.url), prerender: false });
        injectRoute({
          pattern: PATHS.since.replace('{date}', '[date]'),
          entrypoint: new URL('./since-route.ts', import.meta.url),
          prerender: false,
        });
      },
    },
  };
}
