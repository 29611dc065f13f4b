import { useCallback, useEffect, useRef, useState } from 'react';
import { MENU_TIMINGS } from '../../content/navigation.ts';

/**
 * Open/close logic shared by the header menus (spec §9): hover opens after 200 ms, closes 150 ms after the
 * pointer leaves; within 300 ms of a menu closing (or while another is open) the next one opens at once
 * (skip delay). Only one menu is open at a time. Clicks and keys open at once.
 */
export function useHeaderMenus() {
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const openRef = useRef<string | null>(null);
  /** How the open menu was opened: a click on a trigger whose menu hover just opened keeps it open. */
  const openedByHover = useRef(false);
  const lastClosedAt = useRef(Number.NEGATIVE_INFINITY);
  const openTimer = useRef<number | undefined>(undefined);
  const closeTimer = useRef<number | undefined>(undefined);

  const clearTimers = useCallback(() => {
    window.clearTimeout(openTimer.current);
    window.clearTimeout(closeTimer.current);
  }, []);

  const setMenu = useCallback((next: string | null, byHover = false) => {
    if (openRef.current !== null && next === null) lastClosedAt.current = Date.now();
    openedByHover.current = next !== null && byHover;
    openRef.current = next;
    setOpenMenu(next);
  }, []);

  const open = useCallback(
    (label: string) => {
      clearTimers();
      setMenu(label);
    },
    [clearTimers, setMenu],
  );

  const close = useCallback(() => {
    clearTimers();
    setMenu(null);
  }, [clearTimers, setMenu]);

  const toggle = useCallback(
    (label: string) => {
      clearTimers();
      setMenu(openRef.current === label && !openedByHover.current ? null : label);
    },
    [clearTimers, setMenu],
  );

  /** Pointer entered a trigger or its panel. */
  const hoverStart = useCallback(
    (label: string) => {
      window.clearTimeout(closeTimer.current);
      window.clearTimeout(openTimer.current);
      if (openRef.current === label) return;
      const skip = openRef.current !== null || Date.now() - lastClosedAt.current < MENU_TIMINGS.skipDelayMs;
      if (skip) {
        setMenu(label, true);
      } else {
        openTimer.current = window.setTimeout(() => setMenu(label, true), MENU_TIMINGS.openDelayMs);
      }
    },
    [setMenu],
  );

  /** Pointer left a trigger or its panel. */
  const hoverEnd = useCallback(() => {
    window.clearTimeout(openTimer.current);
    window.clearTimeout(closeTimer.current);
    if (openRef.current === null) return;
    closeTimer.current = window.setTimeout(() => setMenu(null), MENU_TIMINGS.closeDelayMs);
  }, [setMenu]);

  useEffect(() => clearTimers, [clearTimers]);

  return { openMenu, open, close, toggle, hoverStart, hoverEnd };
}

/**
 * Type-ahead for a list of menu items: typed characters accumulate and reset after 1000 ms of quiet
 * (spec §9); the first item (after the focused one, for a repeated single letter) whose label starts with the
 * typed text gets focus.
 */
export function useTypeahead() {
  const buffer = useRef('');
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return useCallback((key: string, labels: string[], current: number): number => {
    window.clearTimeout(timer.current);
    buffer.current += key.toLowerCase();
    timer.current = window.setTimeout(() => {
      buffer.current = '';
    }, MENU_TIMINGS.typeaheadResetMs);
    const typed = buffer.current;
    const repeated = typed.length > 1 && [...typed].every((c) => c === typed[0]);
    const needle = repeated ? typed.charAt(0) : typed;
    const start = typed.length === 1 || repeated ? current + 1 : current;
    for (let step = 0; step < labels.length; step += 1) {
      // Wrapped into 0..labels.length - 1 (the loop only runs when there are labels).
      const index = (((start + step) % labels.length) + labels.length) % labels.length;
      if (labels[index]!.toLowerCase().startsWith(needle)) return index;
    }
    return -1;
  }, []);
}
