import type { Plugin } from 'vite';

/**
 * Chakra 3.37's `createSystem` is one synchronous call: on a phone (4x CPU) it was one main-thread task of 65-220 ms
 * at start-up, and a key typed then waited for all of it (docs/first-paint.md). This rewrites the two files that do
 * the work into generator functions that stop (`yield`) between their phases (the token dictionary's registration,
 * transforms, conditional tokens, references, views; the utilities; the compositions), and keeps `createSystem` as
 * before: it runs the same generator to its end in one go. `createSystem.steps` is the generator itself, so the app
 * can run one phase per task (`buildAppSystem` in src/app/theme.ts). Nothing is computed differently, only in
 * pieces: tests/unit/scripts/chakra-system-steps.test.ts builds the app's theme both ways and compares the systems.
 * Chakra is pinned; if a line this expects changes, the build fails here.
 */
const DICTIONARY_FILE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]token-dictionary\.js$/;
const SYSTEM_FILE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;

/** Runs a generator of steps to its end: the synchronous form, for every caller that does not step. */
const RUN_STEPS =
  'function runSteps(steps) {\n  let step = steps.next();\n  while (!step.done) step = steps.next();\n  return step.value;\n}\n';

/** Each [from, to] must occur exactly once in the file. */
function rewrite(code: string, file: string, edits: [from: string, to: string][]): string {
  return edits.reduce((out, [from, to]) => {
    if (out.split(from).length !== 2)
      throw new Error(`chakra-system-steps: @chakra-ui/react changed styled-system/${file}; update the plugin.`);
    return out.replace(from, () => to);
  }, code);
}

/** An edit that adds a step after `line`. */
const stepAfter = (line: string): [string, string] => [line, `${line}  yield;\n`];

/** token-dictionary.js: `createTokenDictionarySteps`, with `build()`'s phases a step each. */
export function steppedTokenDictionary(code: string): string {
  return rewrite(code, 'token-dictionary.js', [
    ['function createTokenDictionary(options) {', 'function* createTokenDictionarySteps(options) {'],
    [
      '  function build() {\n' +
        '    applyMiddlewares("pre");\n' +
        '    applyTransforms("pre");\n' +
        '    addConditionalTokens();\n' +
        '    addReferences();\n' +
        '    expandTokenReferences$1();\n' +
        '    applyMiddlewares("post");\n' +
        '    applyTransforms("post");\n' +
        '    setupViews();\n' +
        '  }\n',
      '',
    ],
    [
      '  registerTokens();\n' +
        '  registerTransform(...tokenTransforms);\n' +
        '  registerMiddleware(...tokenMiddlewares);\n' +
        '  build();\n' +
        '  return dictionary;\n' +
        '}\n',
      // build()'s body, in its order, with a step between phases.
      '  registerTokens();\n' +
        '  yield;\n' +
        '  registerTransform(...tokenTransforms);\n' +
        '  registerMiddleware(...tokenMiddlewares);\n' +
        '  applyMiddlewares("pre");\n' +
        '  applyTransforms("pre");\n' +
        '  yield;\n' +
        '  addConditionalTokens();\n' +
        '  addReferences();\n' +
        '  yield;\n' +
        '  expandTokenReferences$1();\n' +
        '  yield;\n' +
        '  applyMiddlewares("post");\n' +
        '  applyTransforms("post");\n' +
        '  yield;\n' +
        '  setupViews();\n' +
        '  return dictionary;\n' +
        '}\n' +
        RUN_STEPS +
        'function createTokenDictionary(options) {\n  return runSteps(createTokenDictionarySteps(options));\n}\n',
    ],
    [
      'export { createTokenDictionary, tokenCategories };',
      'export { createTokenDictionary, createTokenDictionarySteps, tokenCategories };',
    ],
  ]);
}

/** system.js: `createSystem.steps`, the dictionary's steps and a step after each further phase. */
export function steppedSystem(code: string): string {
  return rewrite(code, 'system.js', [
    [
      "import { createTokenDictionary } from './token-dictionary.js';",
      "import { createTokenDictionarySteps } from './token-dictionary.js';",
    ],
    [
      'function createSystem(...configs) {\n  const config = mergeConfigs(...configs);\n',
      'function* createSystemSteps(...configs) {\n  const config = mergeConfigs(...configs);\n  yield;\n',
    ],
    ['  const tokens = createTokenDictionary({', '  const tokens = yield* createTokenDictionarySteps({'],
    stepAfter('  const utility = createUtility({\n    config: utilities,\n    tokens\n  });\n'),
    stepAfter('  assignComposition();\n'),
    stepAfter('  const tokenMap = getTokenMap(tokens);\n'),
    [
      'export { createSystem, isValidSystem };',
      RUN_STEPS +
        'function createSystem(...configs) {\n  return runSteps(createSystemSteps(...configs));\n}\n' +
        'createSystem.steps = createSystemSteps;\n' +
        'export { createSystem, isValidSystem };',
    ],
  ]);
}

export function chakraSystemSteps(): Plugin {
  return {
    name: 'qrcraft:chakra-system-steps',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (DICTIONARY_FILE.test(file)) return { code: steppedTokenDictionary(code), map: null };
      if (SYSTEM_FILE.test(file)) return { code: steppedSystem(code), map: null };
      return null;
    },
  };
}
