import type { AstroIntegration } from 'astro';
import type { BuildConfig } from '../config.ts';

const ID = 'virtual:build-config';
const RESOLVED = `\0${ID}`;

/**
 * The build configuration, read once from the environment by astro.config.mjs,
 * handed to the content config and the pages as the module
 * `virtual:build-config` (their code runs in Astro's module graph, where the
 * config file's values are not otherwise in reach).
 */
export function buildConfigModule(config: BuildConfig): AstroIntegration {
  const source = `export default ${JSON.stringify(config)};`;
  return {
    name: 'verified-reviews:build-config',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'verified-reviews:build-config',
                resolveId: (id: string) => (id === ID ? RESOLVED : undefined),
                load: (id: string) => (id === RESOLVED ? source : undefined),
              },
            ],
          },
        });
      },
    },
  };
}
