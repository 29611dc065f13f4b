import { createGeneratorAtoms } from '../generator/generatorAtoms.ts';

/** The design every row starts from: the generator's own design state, with a draft of its own. */
export const bulkGenerator = createGeneratorAtoms({
  surface: 'create',
  fg: '#000000',
  storageKey: 'qrcraft.draft.bulk',
});
