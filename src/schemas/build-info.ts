import { z } from 'zod';

/**
 * `dist/build.json`, written beside `dist/client` by the build and read by the
 * server: the public base URL the artifacts were built for (absolute links,
 * hub topics and the MCP origin check all use it, not the server's
 * environment), and when the build was made (a read process watching the file
 * reloads when it changes).
 */
export const BuildInfoSchema = z.object({
  site: z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, '')),
  builtAt: z.iso.datetime().optional(),
});

export type BuildInfo = z.infer<typeof BuildInfoSchema>;
