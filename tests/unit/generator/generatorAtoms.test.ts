/** The generator's state (jotai atoms, in a fresh store per test): the one place the worker request is built. */
import { createStore } from 'jotai';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { QrTypeId } from '../../../src/content/qrTypes.ts';
import { createGeneratorAtoms, type GeneratorAtoms } from '../../../src/features/generator/generatorAtoms.ts';

// localStorage for Node, in place before the module loads: atomWithStorage reads the draft at creation.
const storage = vi.hoisted(() => {
  const items = new Map<string, string>();
  const memory = {
    items,
    getItem: (key: string): string | null => items.get(key) ?? null,
    setItem: (key: string, value: string): void => void items.set(key, String(value)),
    removeItem: (key: string): void => void items.delete(key),
  };
  Object.defineProperty(globalThis, 'localStorage', { value: memory, configurable: true });
  return memory;
});
let n = 0;
beforeEach(() => storage.items.clear());

function setup(surface: 'landing' | 'create' = 'create', fg = '#000000', stored?: unknown) {
  const key = `test.draft.${++n}`;
  // The draft is read from storage once, when the atoms are created.
  if (stored !== undefined) storage.setItem(key, JSON.stringify(stored));
  const atoms = createGeneratorAtoms({ surface, fg, storageKey: key });
  return { atoms, store: createStore(), key };
}

function generate(
  store: ReturnType<typeof createStore>,
  atoms: GeneratorAtoms,
  type: QrTypeId,
  values: Record<string, string>,
) {
  store.set(atoms.chooseTypeAtom, { type, clearContent: true });
  for (const [name, value] of Object.entries(values)) store.set(atoms.setValueAtom, { name: name as 'url', value });
  store.set(atoms.markGeneratedAtom);
}

describe('qrRequestAtom', () => {
  test('is null until Generate, and null while the content is empty', () => {
    const { atoms, store } = setup();
    store.set(atoms.setValueAtom, { name: 'url', value: 'https://qrcraft.app' });
    expect(store.get(atoms.qrRequestAtom)).toBeNull();
    store.set(atoms.markGeneratedAtom);
    expect(store.get(atoms.qrRequestAtom)).not.toBeNull();
    store.set(atoms.setValueAtom, { name: 'url', value: '   ' });
    expect(store.get(atoms.qrRequestAtom)).toBeNull();
  });

  test('carries the content, the level, the payload type and the style, with the surface defaults', () => {
    const { atoms, store } = setup('landing', '#1A2BB2');
    generate(store, atoms, 'website', { url: ' https://qrcraft.app/menu ' });
    expect(store.get(atoms.qrRequestAtom)).toEqual({
      content: 'https://qrcraft.app/menu',
      ecl: 'M',
      kind: 'url',
      style: { shape: 'square', fg: '#1A2BB2', bg: '#FFFFFF', frame: 'none', frameText: '', logoId: null },
    });
  });

  test('the payload type comes from the chosen type, never from the text', () => {
    const { atoms, store } = setup();
    const cases: [QrTypeId, Record<string, string>, string][] = [
      ['text', { text: 'https://looks.like/a-url' }, 'text'],
      ['barcode', { barcode: '4006381333931' }, 'text'],
      ['vcard', { name: 'Ana Souza' }, 'vcard'],
      ['vcardplus', { name: 'Ana Souza', company: 'QRCraft' }, 'vcard'],
      ['email', { email: 'ana@example.com' }, 'email'],
      ['wifi', { ssid: 'Guest' }, 'wifi'],
      ['sms', { phone: '+55 11 5555 0100' }, 'sms'],
      ['whatsapp', { phone: '+55 11 5555 0100' }, 'url'],
      ['event', { title: 'Launch' }, 'event'],
      ['pdf', { url: 'https://qrcraft.app/menu.pdf' }, 'url'],
    ];
    for (const [type, values, kind] of cases) {
      generate(store, atoms, type, values);
      expect(store.get(atoms.qrRequestAtom)?.kind, type).toBe(kind);
    }
  });

  test('design changes reach the request; typing leaves the design (and its reference) alone', () => {
    const { atoms, store } = setup();
    generate(store, atoms, 'text', { text: 'hello' });
    store.set(atoms.setDesignAtom, { frame: 'banner', shape: 'dots', ecl: 'H', frameText: 'MENU', fg: '#1A2BB2' });
    const request = store.get(atoms.qrRequestAtom);
    expect(request?.ecl).toBe('H');
    expect(request?.style).toEqual({
      shape: 'dots',
      fg: '#1A2BB2',
      bg: '#FFFFFF',
      frame: 'banner',
      frameText: 'MENU',
      logoId: null,
    });
    const design = store.get(atoms.designAtom);
    store.set(atoms.setValueAtom, { name: 'text', value: 'hello world' });
    expect(store.get(atoms.designAtom)).toBe(design);
    expect(store.get(atoms.qrRequestAtom)?.content).toBe('hello world');
  });
});

describe('logo upload status', () => {
  const file = new Blob(['png'], { type: 'image/png' });

  test('the request names the logo only once the worker has it', () => {
    const { atoms, store } = setup();
    generate(store, atoms, 'website', { url: 'https://qrcraft.app' });
    expect(store.get(atoms.logoStatusAtom)).toEqual({ state: 'none' });

    store.set(atoms.logoAtom, { id: 'a', name: 'a.png', file });
    expect(store.get(atoms.logoStatusAtom)).toEqual({ state: 'sending' });
    expect(store.get(atoms.qrRequestAtom)?.style.logoId).toBeNull();

    // An answer for another logo (an older choice) does not count.
    store.set(atoms.logoUploadAtom, { id: 'old', ok: true });
    expect(store.get(atoms.logoStatusAtom)).toEqual({ state: 'sending' });
    expect(store.get(atoms.qrRequestAtom)?.style.logoId).toBeNull();

    store.set(atoms.logoUploadAtom, { id: 'a', ok: true });
    expect(store.get(atoms.logoStatusAtom)).toEqual({ state: 'ready', id: 'a' });
    expect(store.get(atoms.qrRequestAtom)?.style.logoId).toBe('a');

    // A new choice is sent before it is used; the old one leaves the request at once.
    store.set(atoms.logoAtom, { id: 'b', name: 'b.png', file });
    expect(store.get(atoms.logoStatusAtom)).toEqual({ state: 'sending' });
    expect(store.get(atoms.qrRequestAtom)?.style.logoId).toBeNull();

    store.set(atoms.logoAtom, null);
    expect(store.get(atoms.logoStatusAtom)).toEqual({ state: 'none' });
    expect(store.get(atoms.qrRequestAtom)?.style.logoId).toBeNull();
  });

  test('a refused logo reports why and stays out of the request', () => {
    const { atoms, store } = setup();
    generate(store, atoms, 'website', { url: 'https://qrcraft.app' });
    store.set(atoms.logoAtom, { id: 'x', name: 'x.png', file });
    store.set(atoms.logoUploadAtom, { id: 'x', ok: false, message: 'The logo file could not be decoded' });
    expect(store.get(atoms.logoStatusAtom)).toEqual({ state: 'failed', message: 'The logo file could not be decoded' });
    expect(store.get(atoms.qrRequestAtom)?.style.logoId).toBeNull();
  });
});

describe('draft', () => {
  test('a popular type keeps the content, a "More" type clears it', () => {
    const { atoms, store } = setup();
    store.set(atoms.setValueAtom, { name: 'url', value: 'https://qrcraft.app' });
    store.set(atoms.chooseTypeAtom, { type: 'text', clearContent: false });
    expect(store.get(atoms.valuesAtom)).toEqual({ url: 'https://qrcraft.app' });
    store.set(atoms.chooseTypeAtom, { type: 'menu', clearContent: true });
    expect(store.get(atoms.typeAtom)).toBe('menu');
    expect(store.get(atoms.valuesAtom)).toEqual({});
  });

  test('is saved under its surface key after a pause, and a stored draft with missing fields is filled from the defaults', async () => {
    const first = setup();
    first.store.set(first.atoms.setValueAtom, { name: 'text', value: 'saved' });
    // Not on each keystroke: the draft is written once typing pauses.
    expect(storage.getItem(first.key)).toBeNull();
    await vi.waitFor(() =>
      expect(JSON.parse(storage.getItem(first.key) ?? 'null')).toMatchObject({ values: { text: 'saved' } }),
    );

    const { atoms, store } = setup('create', '#000000', { type: 'text', design: { fg: '#123456' } });
    // Until something on screen uses the draft it is the defaults: a prerendered page hydrates with what the
    // server rendered. The stored draft arrives when the atom is mounted (as a component subscribing does).
    expect(store.get(atoms.typeAtom)).toBe('website');
    store.sub(atoms.typeAtom, () => {});
    expect(store.get(atoms.typeAtom)).toBe('text');
    expect(store.get(atoms.valuesAtom)).toEqual({});
    expect(store.get(atoms.designAtom)).toEqual({
      frame: 'none',
      shape: 'square',
      fg: '#123456',
      bg: '#FFFFFF',
      ecl: 'M',
      frameText: '',
    });
    expect(store.get(atoms.generatedAtom)).toBe(false);
  });
});

describe('the stored draft, read when the generator is first on screen', () => {
  test('with nothing stored, mounting keeps every reference the page was rendered with', () => {
    const { atoms, store } = setup('landing', '#1A2BB2');
    // What a hydrating page renders with, before anything subscribes.
    const rendered = [store.get(atoms.designAtom), store.get(atoms.valuesAtom), store.get(atoms.typeAtom)];
    // Subscribing mounts the draft atom, which reads storage: an equal but new draft would re-render the whole
    // generator right after hydration.
    const unsubscribe = store.sub(atoms.designAtom, () => {});
    expect([store.get(atoms.designAtom), store.get(atoms.valuesAtom), store.get(atoms.typeAtom)]).toEqual(rendered);
    expect(store.get(atoms.designAtom)).toBe(rendered[0]);
    expect(store.get(atoms.valuesAtom)).toBe(rendered[1]);
    unsubscribe();
  });

  test('a stored draft replaces the defaults once mounted', () => {
    const { atoms, store } = setup('create', '#000000', {
      type: 'text',
      values: { text: 'hello' },
      design: { shape: 'dots' },
      generated: true,
    });
    expect(store.get(atoms.designAtom).shape).toBe('square');
    const unsubscribe = store.sub(atoms.designAtom, () => {});
    expect(store.get(atoms.designAtom)).toMatchObject({ shape: 'dots', fg: '#000000' });
    expect(store.get(atoms.valuesAtom)).toEqual({ text: 'hello' });
    unsubscribe();
  });
});
