import type { Plugin } from 'vite';

/**
 * Chakra 3.37's `createSystem` builds the CSS of every token, the global styles and the reset as soon as the
 * theme module runs (`const _global = [...]` in styled-system/system.js), and only `<ChakraProvider>`'s
 * `<Global>` reads it. On a prerendered page that CSS is already in the HTML, yet building it was a third of the
 * entry's start-up task on a phone (docs/first-paint.md). This makes `_global` a getter, built on first read:
 * the prerender and client-rendered pages read it as before; a hydrating page never does
 * (`getHydratingSystem`, src/app/theme.ts). Chakra is pinned; if the line changes, the build fails here.
 */
const FILE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const FIELD = '    _global,\n';

export function lazyGlobalCss(code: string): string {
  if (!code.includes(EAGER) || !code.includes(FIELD))
    throw new Error('chakra-lazy-global: @chakra-ui/react changed styled-system/system.js; update the plugin.');
  return code
    .replace(EAGER, 'let _globalCss;')
    .replace(
      FIELD,
      '    get _global() {\n      return (_globalCss ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);\n    },\n',
    );
}

export function chakraLazyGlobal(): Plugin {
  return {
    name: 'qrcraft:chakra-lazy-global',
    transform(code, id) {
      return FILE.test(id.split('?')[0] ?? id) ? { code: lazyGlobalCss(code), map: null } : null;
    },
  };
}
