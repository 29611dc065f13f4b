import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { QrTypeId } from '../../content/qrTypes.ts';
import { buildPayload, type PayloadValues } from '../../payload/index.ts';
import { contentKind, qrRequest, type QrDesign } from '../../qr-ui/index.ts';
import { DEFAULT_ECL, DEFAULT_STYLE, type QrRequest } from '../../worker-client/index.ts';
import { MAX_CONTENT_FIELD_CHARS } from './contentLimits.ts';

/** Spec §3 "Generator state" and §9: defaults per surface. */
export interface GeneratorDefaults {
  surface: 'landing' | 'create';
  /** Landing #1A2BB2, /create #000000. */
  fg: string;
  /** localStorage key of this surface's draft. */
  storageKey: string;
}

export type GeneratorDesign = QrDesign;

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

/** The worker's answer to sending a logo, recorded by useLogoUpload for the logo it names. */
export type LogoUpload = { id: string; ok: true } | { id: string; ok: false; message: string };

/** Where the chosen logo is: only a `ready` logo goes into the request (until then the code shows without it). */
export type LogoStatus =
  { state: 'none' } | { state: 'sending' } | { state: 'ready'; id: string } | { state: 'failed'; message: string };

export function initialDraft(defaults: GeneratorDefaults): GeneratorDraft {
  return {
    type: 'website',
    values: {},
    design: {
      frame: DEFAULT_STYLE.frame,
      shape: DEFAULT_STYLE.shape,
      fg: defaults.fg,
      bg: DEFAULT_STYLE.bg,
      ecl: DEFAULT_ECL,
      frameText: DEFAULT_STYLE.frameText,
    },
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

/** Quiet time before the draft is written: one write per pause in typing, not one per keystroke. */
const DRAFT_WRITE_DELAY_MS = 400;

/** The draft as stored: every field bounded (see MAX_CONTENT_FIELD_CHARS). */
export function boundedDraft(draft: GeneratorDraft): GeneratorDraft {
  const long = Object.values(draft.values).some((v) => typeof v === 'string' && v.length > MAX_CONTENT_FIELD_CHARS);
  if (!long) return draft;
  const values = Object.fromEntries(
    Object.entries(draft.values).map(([k, v]) => [k, typeof v === 'string' ? v.slice(0, MAX_CONTENT_FIELD_CHARS) : v]),
  );
  return { ...draft, values };
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
  // Nothing stored: the same defaults object the page rendered with, so mounting the atom changes no reference
  // and re-renders nothing (a new but equal draft re-rendered the whole generator right after hydration).
  // Written after a pause (and when the page is hidden), bounded: the cost of storing does not follow each
  // keystroke or the length of a paste.
  let pending: { key: string; draft: GeneratorDraft } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    const { key, draft } = pending;
    pending = null;
    try {
      json.setItem(key, boundedDraft(draft));
    } catch {
      // Storage full or refused (private mode): the draft lives on in memory.
    }
  };
  const storage: typeof json = {
    ...json,
    getItem: (key, initial) => {
      flush(); // a remount reads what was typed before it
      const stored = json.getItem(key, initial);
      return stored === initial ? initial : reviveDraft(stored as GeneratorDraft, fallback);
    },
    setItem: (key, draft) => {
      // Node (the prerender, unit tests) has no page to hide.
      if (!pending) globalThis.addEventListener?.('pagehide', flush, { once: true });
      pending = { key, draft };
      clearTimeout(timer);
      timer = setTimeout(flush, DRAFT_WRITE_DELAY_MS);
    },
  };
  // Read when first used on screen (onMount), not at creation: a prerendered page hydrates with the defaults the
  // server rendered, then shows the stored draft; and the module loads in Node, which has no localStorage.
  const draftAtom = atomWithStorage<GeneratorDraft>(defaults.storageKey, fallback, storage, { getOnInit: false });

  const typeAtom = atom((get) => get(draftAtom).type);
  const valuesAtom = atom((get) => get(draftAtom).values);
  const designAtom = atom((get) => get(draftAtom).design);
  const generatedAtom = atom((get) => get(draftAtom).generated);
  const logoAtom = atom<LogoChoice | null>(null);
  /** The last upload answer; null while the logo is (re)sent. Written only by useLogoUpload. */
  const logoUploadAtom = atom<LogoUpload | null>(null);
  const logoStatusAtom = atom((get): LogoStatus => {
    const logo = get(logoAtom);
    const upload = get(logoUploadAtom);
    if (!logo) return { state: 'none' };
    if (!upload || upload.id !== logo.id) return { state: 'sending' };
    return upload.ok ? { state: 'ready', id: logo.id } : { state: 'failed', message: upload.message };
  });

  /** The logo file the code is drawn with (a ready one), which saving a code stores with it. */
  const readyLogoFileAtom = atom((get) =>
    get(logoStatusAtom).state === 'ready' ? (get(logoAtom)?.file ?? null) : null,
  );

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
  const hasPayloadAtom = atom((get) => get(payloadAtom) !== '');

  /**
   * The one place the preview and download request is built: null until generated with content (spec §2
   * placeholder). It names the logo only once the worker has it; until then the code shows without it.
   */
  const qrRequestAtom = atom((get): QrRequest | null => {
    const content = get(payloadAtom);
    if (!get(generatedAtom) || content === '') return null;
    const design = get(designAtom);
    const logo = get(logoStatusAtom);
    return qrRequest(content, contentKind(get(typeAtom)), design, logo.state === 'ready' ? logo.id : null);
  });

  return {
    defaults,
    typeAtom,
    valuesAtom,
    designAtom,
    generatedAtom,
    logoAtom,
    logoUploadAtom,
    logoStatusAtom,
    readyLogoFileAtom,
    chooseTypeAtom,
    setValueAtom,
    setDesignAtom,
    markGeneratedAtom,
    payloadAtom,
    hasPayloadAtom,
    qrRequestAtom,
  };
}

export type GeneratorAtoms = ReturnType<typeof createGeneratorAtoms>;

export const landingGenerator = createGeneratorAtoms({
  surface: 'landing',
  fg: '#1A2BB2',
  storageKey: 'qrcraft.draft.landing',
});
export const createPageGenerator = createGeneratorAtoms({
  surface: 'create',
  fg: '#000000',
  storageKey: 'qrcraft.draft.create',
});
