import { useState } from 'react';
import { useSetAtom } from 'jotai';
import type { SavedCode } from './codeModel.ts';
import { bumpCodesVersionAtom } from './codesAtoms.ts';

/**
 * The wiring of EditCodeDialog on a page that lists codes: `edit(code)` opens it, and a save closes it and bumps
 * the codes version, so every list and summary on screen loads again. Render `<EditCodeDialog {...dialog} />`.
 */
export function useEditCodeDialog() {
  const [editing, setEditing] = useState<SavedCode | null>(null);
  const bump = useSetAtom(bumpCodesVersionAtom);
  return {
    edit: (code: SavedCode) => setEditing(code),
    dialog: {
      code: editing,
      onClose: () => setEditing(null),
      onSaved: () => {
        setEditing(null);
        bump();
      },
    },
  };
}
