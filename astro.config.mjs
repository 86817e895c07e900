// @ts-check
import node from '@astrojs/node';
import { defineConfig } from 'astro/config';
import { devRoutes } from './functions/dev/dev-routes.ts';
import { readBuildConfig, withEnvFile } from './src/config.ts';
import { buildConfigModule } from './src/content/build-config-module.ts';
import { precompress } from './src/build/precompress.ts';
import { buildInfo } from './src/content/build-info.ts';

// The one read of the build's environment: the content config and the pages get it from `virtual:build-config`.
const config = readBuildConfig(withEnvFile(process.env));

export default defineConfig({
  site: config.site,
  // Unset: Astro's default (node_modules/.astro). Builds running at once (deploy tests) each need their own.
  ...(config.cacheDir ? { cacheDir: config.cacheDir } : {}),
  output: 'static',
  // Search, since, MCP and the hub are no Astro routes: `npm start` serves them from functions/, and
  // under `astro dev` the devRoutes integration hands them to the same app (docs/http.md, "One assembly").
  adapter: node({ mode: 'middleware' }),
  // precompress last: it compresses what the others wrote.
  integrations: [buildConfigModule(config), buildInfo(config), devRoutes(), precompress()],
  trailingSlash: 'ignore',
  // Pages are `…/index.html`, which any static host serves at `…/`; the CSS is a fingerprinted file
  // under /_astro/, never inline, so the Content-Security-Policy needs no 'unsafe-inline'.
  build: { format: 'directory', inlineStylesheets: 'never' },
  devToolbar: { enabled: false },
});
