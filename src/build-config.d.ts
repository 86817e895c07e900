declare module 'virtual:build-config' {
  /** The build configuration astro.config.mjs read from the environment (src/content/build-config-module.ts). */
  // An ambient module cannot import by a relative path; an import() type is the one way to name the type it exports.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const config: import('./config.ts').BuildConfig;
  export default config;
}
