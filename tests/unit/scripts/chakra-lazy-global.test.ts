import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyGlobalCss } from '../../../scripts/build/chakra-lazy-global-plugin.ts';

// The installed file the plugin rewrites (Chakra is pinned: a change there must fail here, not silently ship).
const installed = readFileSync(
  join(createRequire(import.meta.url).resolve('@chakra-ui/react'), '../../esm/styled-system/system.js'),
  'utf8',
);

describe('chakra-lazy-global-plugin', () => {
  it('turns the eagerly built _global into a getter built on first read', () => {
    const out = lazyGlobalCss(installed);
    expect(out).not.toContain('const _global = [');
    expect(out).toMatch(
      /get _global\(\) \{\s*return \(_globalCss \?\?= \[getPreflightCss\(\), getGlobalCss\(\), getTokenCss\(\)\]\);/,
    );
    expect(out.split('\n').length).toBe(installed.split('\n').length + 2);
  });

  it('fails the build when the file no longer has the line it rewrites', () => {
    expect(() => lazyGlobalCss(installed.replace('getTokenCss()];', 'getTokenCss(), extra()];'))).toThrow(
      /changed styled-system\/system\.js/,
    );
  });
});
