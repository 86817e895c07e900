import { HttpError } from '../http/http-error.ts';
import type { Route } from '../http/router.ts';
import type { StaticSite } from './static-site.ts';

/** The built files, GET only: the app routes a path here when the current snapshot has a file for it. */
export function staticRoute(artifacts: { readonly current: { readonly site: StaticSite } }): Route {
  return {
    path: '/{path}',
    methods: {
      GET: (request, { params }) => {
        const path = params.path ?? '/';
        const reply = artifacts.current.site.serve(request, path);
        if (!reply) throw new HttpError(404, `No resource at ${path}.`);
        return reply;
      },
    },
  };
}
