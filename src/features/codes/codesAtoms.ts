import { atom } from 'jotai';

/** Bumped after every change to the user's codes: lists and summaries that read codes load again. */
export const codesVersionAtom = atom(0);

export const bumpCodesVersionAtom = atom(null, (get, set) => set(codesVersionAtom, get(codesVersionAtom) + 1));
