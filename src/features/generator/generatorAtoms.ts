import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { QrTypeId } from '../../content/qrTypes.ts';
import { buildPayload, type PayloadValues } from '../../payload/index.ts';
import type { Ecl, Frame, Shape } from '../../render/types.ts';

/** Spec §3 "Generator state" and §9: defaults per surface. */
export interface GeneratorDefaults {
  surface: 'landing' | 'create';
  /** Landing #1A2BB2, /create #000000. */
  fg: string;
  /** localStorage key of this surface's draft. */
  storageKey: string;
}

export interface GeneratorDesign {
  frame: Frame;
  shape: Shape;
  fg: string;
  bg: string;
  ecl: Ecl;
  frameText: string;
}

/** What survives a reload: type, content and design (the logo file does not; it is re-chosen). */
export interface GeneratorDraft {
  type: QrTypeId;
  values: PayloadValues;
  design: GeneratorDesign;
  generated: boolean;
}

export interface LogoChoice {
  /** Id the worker caches the image under. */
  id: string;
  name: string;
  file: Blob;
}

export function initialDraft(defaults: GeneratorDefaults): GeneratorDraft {
  return {
    type: 'website',
    values: {},
    design: { frame: 'none', shape: 'square', fg: defaults.fg, bg: '#FFFFFF', ecl: 'M', frameText: '' },
    generated: false,
  };
}

/** A stored draft from an older build may miss fields: fill them from the defaults instead of crashing. */
function reviveDraft(stored: Partial<GeneratorDraft> | null | undefined, fallback: GeneratorDraft): GeneratorDraft {
  if (!stored || typeof stored !== 'object') return fallback;
  return {
    type: stored.type ?? fallback.type,
    values: stored.values && typeof stored.values === 'object' ? stored.values : fallback.values,
    design: { ...fallback.design, ...(stored.design ?? {}) },
    generated: stored.generated === true,
  };
}

/**
 * One generator's state. The landing panel and /create each call this once, so they keep separate drafts
 * (and different default colours) in the same store.
 */
export function createGeneratorAtoms(defaults: GeneratorDefaults) {
  const fallback = initialDraft(defaults);
  const json = createJSONStorage<GeneratorDraft>(() => localStorage);
  // Revive once, when read from storage; afterwards setters replace only the part they change, so an atom
  // derived from an unchanged part (the design while typing) keeps its reference and nothing re-renders.
  const storage: typeof json = { ...json, getItem: (key, initial) => reviveDraft(json.getItem(key, initial) as GeneratorDraft, fallback) };
  const draftAtom = atomWithStorage<GeneratorDraft>(defaults.storageKey, fallback, storage, { getOnInit: true });

  const typeAtom = atom((get) => get(draftAtom).type);
  const valuesAtom = atom((get) => get(draftAtom).values);
  const designAtom = atom((get) => get(draftAtom).design);
  const generatedAtom = atom((get) => get(draftAtom).generated);
  const logoAtom = atom<LogoChoice | null>(null);

  /** Spec §4: a popular type keeps the content; a "More" type clears it. */
  const chooseTypeAtom = atom(null, (get, set, { type, clearContent }: { type: QrTypeId; clearContent: boolean }) => {
    const draft = get(draftAtom);
    set(draftAtom, { ...draft, type, values: clearContent ? {} : draft.values });
  });
  const setValueAtom = atom(null, (get, set, { name, value }: { name: keyof PayloadValues; value: string }) => {
    const draft = get(draftAtom);
    set(draftAtom, { ...draft, values: { ...draft.values, [name]: value } });
  });
  const setDesignAtom = atom(null, (get, set, patch: Partial<GeneratorDesign>) => {
    const draft = get(draftAtom);
    set(draftAtom, { ...draft, design: { ...draft.design, ...patch } });
  });
  const markGeneratedAtom = atom(null, (get, set) => set(draftAtom, { ...get(draftAtom), generated: true }));

  const payloadAtom = atom((get) => buildPayload(get(typeAtom), get(valuesAtom)));

  /** The only input of the preview: null until generated with content (spec §2 placeholder). */
  const qrRequestAtom = atom((get) => {
    const content = get(payloadAtom);
    if (!get(generatedAtom) || content === '') return null;
    const design = get(designAtom);
    const logo = get(logoAtom);
    return {
      content,
      ecl: design.ecl,
      style: {
        shape: design.shape,
        fg: design.fg,
        bg: design.bg,
        frame: design.frame,
        frameText: design.frameText,
        logoId: logo?.id ?? null,
      },
    };
  });

  return {
    defaults,
    typeAtom,
    valuesAtom,
    designAtom,
    generatedAtom,
    logoAtom,
    chooseTypeAtom,
    setValueAtom,
    setDesignAtom,
    markGeneratedAtom,
    payloadAtom,
    qrRequestAtom,
  };
}

export type GeneratorAtoms = ReturnType<typeof createGeneratorAtoms>;

export const landingGenerator = createGeneratorAtoms({ surface: 'landing', fg: '#1A2BB2', storageKey: 'qrcraft.draft.landing' });
export const createPageGenerator = createGeneratorAtoms({ surface: 'create', fg: '#000000', storageKey: 'qrcraft.draft.create' });
