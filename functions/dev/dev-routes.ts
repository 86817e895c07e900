import type { AstroIntegration } from 'astro';
import type { createDevServing, DevServing } from './dev-app.ts';

/**
 * The service's endpoints under `astro dev`: a middleware of the dev server
 * hands every path the app routes (search, since, MCP, the hub) to the app
 * `npm start` serves (dev-app.ts), through the same Node adapter; every other
 * path goes on to Astro. The app is made on the first request, in Astro's
 * module graph, since `src/` never imports from `functions/`.
 */
export function devRoutes(): AstroIntegration {
  return {
    name: 'verified-reviews:dev-routes',
    hooks: {
      'astro:server:setup': ({ server, logger }) => {
        let serving: Promise<DevServing> | undefined;
        const load = (): Promise<DevServing> =>
          (serving ??= server
            .ssrLoadModule(new URL('./dev-app.ts', import.meta.url).pathname)
            .then((module) =>
              (module as { createDevServing: typeof createDevServing }).createDevServing(process.env, (message) => logger.info(message)),
            ));
        server.middlewares.use((req, res, next) => {
          const path = (req.url ?? '/').split('?')[0] ?? '/';
          load().then(
            ({ app, adapter }) => (app.routes(path) ? adapter.onRequest(req, res) : next()),
            (error: unknown) => {
              serving = undefined;
              next(error);
            },
          );
        });
      },
    },
  };
}
