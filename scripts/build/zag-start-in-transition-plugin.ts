import type { Plugin } from 'vite';

/**
 * Every Chakra component with behaviour (tabs, radio groups, menus…) runs a zag.js machine. `useMachine` starts it
 * from a layout effect, in a microtask, and the machine's entry actions set state at once (the tabs and radio
 * groups' `syncSsr`, their indicator's size): an update outside any transition, which React renders in one piece.
 * After hydration that was one render of every such component on the page, a main-thread task of 50-100 ms on a
 * phone. This starts the machine inside `startTransition`, so that render yields to the browser every few ms like
 * hydration itself. Only the start is affected: events the machine gets later (a click, a key) are handled as before.
 * @zag-js/react is pinned through Chakra; if the lines this expects change, the build fails here.
 */
const FILE = /@zag-js[\\/]react[\\/]dist[\\/]machine\.mjs$/;
const REACT_IMPORT = 'import { useMemo, useRef } from "react";';
const START = '      state.invoke(initialState, started ? state.get() : INIT_STATE);\n';

export function machineStartInTransition(code: string): string {
  if (code.split(REACT_IMPORT).length !== 2 || code.split(START).length !== 2)
    throw new Error('zag-start-in-transition: @zag-js/react changed dist/machine.mjs; update the plugin.');
  return code
    .replace(REACT_IMPORT, 'import { startTransition, useMemo, useRef } from "react";')
    .replace(START, '      startTransition(() => state.invoke(initialState, started ? state.get() : INIT_STATE));\n');
}

export function zagStartInTransition(): Plugin {
  return {
    name: 'qrcraft:zag-start-in-transition',
    transform(code, id) {
      return FILE.test(id.split('?')[0] ?? id) ? { code: machineStartInTransition(code), map: null } : null;
    },
  };
}
