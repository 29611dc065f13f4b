import type { Plugin } from 'vite';
import { robotsTxt, siteOrigin, sitemapXml } from '../../src/content/pageHead.ts';

/**
 * Writes robots.txt and sitemap.xml into the build (and serves them from the dev server), both made by
 * src/content/pageHead.ts for the origin in VITE_SITE_URL, so a page added there is listed by itself.
 */
export function siteFiles(): Plugin {
  const files = new Map<string, { type: string; body: string }>();
  return {
    name: 'qrcraft-site-files',
    configResolved(config) {
      const origin = siteOrigin(config.env.VITE_SITE_URL);
      files.set('robots.txt', { type: 'text/plain; charset=utf-8', body: robotsTxt(origin) });
      files.set('sitemap.xml', { type: 'application/xml; charset=utf-8', body: sitemapXml(origin) });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = files.get(req.url?.slice(1) ?? '');
        if (!file) return next();
        res.setHeader('Content-Type', file.type);
        res.end(file.body);
      });
    },
    generateBundle() {
      for (const [fileName, { body }] of files) this.emitFile({ type: 'asset', fileName, source: body });
    },
  };
}
