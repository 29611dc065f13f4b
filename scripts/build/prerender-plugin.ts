import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import {
  CLIENT_RENDERED_PREFIXES,
  headTags,
  PRERENDERED_PATHS,
  siteOrigin,
  type HeadTags,
  type PagePath,
} from '../../src/content/pageHead.ts';
import { PRELOADS_DRAINED_GLOBAL, type PrerenderEntry, type RenderedPage } from '../../src/app/prerendered.ts';

const SERVER_ENTRY = 'src/app/entry-server.tsx';
/** The untouched index.html: served for client-rendered routes, whose markup only the browser makes. */
export const SPA_SHELL = 'spa.html';
const NOT_FOUND_FILE = '404.html';

/** Where the HTML of a prerendered path goes in the build: `/` → index.html, `/pricing` → pricing/index.html. */
export function htmlFileFor(path: string): string {
  if (path === '*') return NOT_FOUND_FILE;
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}

const escapeAttr = (text: string) => text.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** index.html's head with the page's own title, description, canonical, Open Graph and robots tags. */
function withHead(template: string, tags: HeadTags): string {
  const managed = new Set(tags.meta.map((m) => m.key));
  let html = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttr(tags.title)}</title>`)
    .replace(/\s*<meta\s+(?:name|property)="([^"]+)"[^>]*>/g, (tag, key: string) => (managed.has(key) ? '' : tag))
    .replace(/\s*<link\s+rel="canonical"[^>]*>/g, '');
  const lines = tags.meta
    .filter((m) => m.content !== null)
    .map((m) => `<meta ${m.attr}="${m.key}" content="${escapeAttr(m.content!)}" />`);
  if (tags.canonical) lines.push(`<link rel="canonical" href="${escapeAttr(tags.canonical)}" />`);
  html = html.replace('</title>', `</title>\n    ${lines.join('\n    ')}`);
  return html;
}

interface Manifest {
  [module: string]: { file: string; imports?: string[] };
}

/**
 * The JS files of these page modules with everything they import statically. Hydration waits for them: preloaded
 * with the HTML they are in hand when the entry runs, so the page answers clicks sooner.
 */
function chunksOf(manifest: Manifest, modules: string[]): string[] {
  const files = new Set<string>();
  const visit = (module: string) => {
    const chunk = manifest[module];
    if (!chunk) throw new Error(`prerender: ${module} (a route's page module) is not in the build manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  modules.forEach(visit);
  return [...files];
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g;

/** A browser that reports no paint timing starts the app after this long anyway (ms). */
const START_WITHOUT_PAINT_MS = 3000;

/**
 * Module preloads added per task. Starting a request costs the main thread a few ms at Lighthouse's 4x CPU
 * slowdown, so the 70-80 preloads of a page, added in one task, made one long task of 100-300 ms there.
 */
const PRELOADS_PER_TASK = 8;

/**
 * A promise on `window`, resolved once every preload above has been added. The entry waits for it before it loads
 * the page's lazy modules: Vite's preload helper adds, in one task, a link for every chunk of the page that has none
 * yet, which was the very burst the queue spreads out (src/app/startApp.ts).
 */
const PRELOADS_DRAINED = PRELOADS_DRAINED_GLOBAL;

/**
 * The page's JavaScript, fetched and started only once the page is on screen: when the browser reports its first
 * contentful paint (a PerformanceObserver on 'paint'). Until then the prerendered HTML and its inline CSS have the
 * connection and the main thread to themselves, and hydration never delays them. In a hidden tab, which paints
 * nothing, at once; in a browser without paint timing, after START_WITHOUT_PAINT_MS. The entry goes first; the
 * chunks the page needs follow as module preloads, PRELOADS_PER_TASK per task, so hydration does not wait for one
 * import after another. At the end of the body: an inserted module script runs as soon as it has loaded, and the
 * markup must all be parsed by then.
 */
function deferredEntry(src: string, preload: string[]): string {
  return `<script>
      (function () {
        var started = false;
        var queue = ${JSON.stringify(preload)};
        function add(tag, attribute, url) {
          var element = document.createElement(tag);
          if (tag === 'script') element.type = 'module';
          else element.rel = 'modulepreload';
          element.crossOrigin = '';
          element[attribute] = url;
          document.head.appendChild(element);
        }
        var drained;
        window.${PRELOADS_DRAINED} = new Promise(function (resolve) {
          drained = resolve;
        });
        function preloadSome() {
          queue.splice(0, ${PRELOADS_PER_TASK}).forEach(function (href) {
            add('link', 'href', href);
          });
          if (queue.length) setTimeout(preloadSome, 0);
          else drained();
        }
        function start() {
          if (started) return;
          started = true;
          add('script', 'src', '${src}');
          setTimeout(preloadSome, 0);
        }
        if (document.visibilityState === 'hidden') return start();
        try {
          new PerformanceObserver(function (list, observer) {
            if (list.getEntriesByName('first-contentful-paint').length === 0) return;
            observer.disconnect();
            start();
          }).observe({ type: 'paint', buffered: true });
        } catch (error) {
          return start();
        }
        setTimeout(start, ${START_WITHOUT_PAINT_MS});
      })();
    </script>`;
}

function pageHtml(template: string, path: string, page: RenderedPage, origin: string, preload: string[]): string {
  const head = withHead(template, headTags(path as PagePath, origin));
  const entry = ENTRY_SCRIPT.exec(head);
  if (!entry) throw new Error('prerender: the built index.html has no module entry script');
  // The entry's own chunks (Vite's preload links) and the page's, each once.
  const files = [...head.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  for (const file of preload) if (!files.includes(`/${file}`)) files.push(`/${file}`);
  return head
    .replace(entry[0], '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', `${page.styleTags}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${path}">${page.html}</div>`)
    .replace('</body>', `  ${deferredEntry(entry[1]!, files)}\n  </body>`);
}

/**
 * Prerenders every public page after the browser build (issue 13): builds src/app/entry-server.tsx for Node,
 * renders each path of PRERENDERED_PATHS with it and writes the HTML, with the page's head and critical CSS, into
 * the build. `vite preview` then serves each page's file, the SPA shell for the dashboard and the 404 page with
 * status 404 for any other path, as a static host configured the same way would.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'qrcraft-prerender',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.command !== 'build' || config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      const serverOutDir = join(config.root, 'node_modules', '.cache', 'qrcraft-prerender', basename(outDir));
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        build: { ssr: SERVER_ENTRY, outDir: serverOutDir, emptyOutDir: true, manifest: false, copyPublicDir: false },
      });
      const entry = pathToFileURL(join(serverOutDir, 'entry-server.js')).href;
      const { renderPage, pageModulesFor } = (await import(`${entry}?build=${Date.now()}`)) as PrerenderEntry;
      const manifest = JSON.parse(await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
      const template = await readFile(join(outDir, 'index.html'), 'utf8');
      const origin = siteOrigin(config.env.VITE_SITE_URL);
      await writeFile(join(outDir, SPA_SHELL), template);
      for (const path of PRERENDERED_PATHS) {
        const file = join(outDir, htmlFileFor(path));
        await mkdir(dirname(file), { recursive: true });
        const url = path === '*' ? '/404' : path;
        const preload = chunksOf(manifest, pageModulesFor(url));
        await writeFile(file, pageHtml(template, path, await renderPage(url), origin, preload));
      }
      config.logger.info(`prerendered ${PRERENDERED_PATHS.length} pages`);
    },
    configurePreviewServer(server) {
      const outDir = resolve(server.config.root, server.config.build.outDir);
      const prerendered = new Set(PRERENDERED_PATHS);
      server.middlewares.use((req, res, next) => {
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return next();
        const pathname = new URL(req.url, 'http://preview.invalid').pathname;
        const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
        // Files (assets, robots.txt, the worker) are Vite's to serve.
        if (/\.[a-z0-9]+$/i.test(path)) return next();
        let file = NOT_FOUND_FILE;
        let status = 404;
        if (prerendered.has(path)) [file, status] = [htmlFileFor(path), 200];
        else if (CLIENT_RENDERED_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))) {
          [file, status] = [SPA_SHELL, 200];
        }
        readFile(join(outDir, file)).then(
          (html) => {
            // Compressed as Vite's own static files are (its compression middleware runs after this one).
            const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
            const body = gzip ? gzipSync(html) : html;
            res.statusCode = status;
            res.setHeader('Content-Type', 'text/html; charset=utf-8');
            res.setHeader('Cache-Control', 'no-cache');
            res.setHeader('Vary', 'Accept-Encoding');
            if (gzip) res.setHeader('Content-Encoding', 'gzip');
            res.setHeader('Content-Length', body.length);
            res.end(req.method === 'HEAD' ? undefined : body);
          },
          (error: unknown) => next(error),
        );
      });
    },
  };
}
