import type { Icon } from '@modelcontextprotocol/server';

/** A lightning bolt on a star, inline (a data URI needs no request and no file to serve). */
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="#1f4e79"/><path d="M36 6 18 36h12l-4 22 20-32H34z" fill="#ffd23f"/></svg>`;

export const ICON: Icon = {
  src: `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}`,
  mimeType: 'image/svg+xml',
  sizes: ['any'],
};
