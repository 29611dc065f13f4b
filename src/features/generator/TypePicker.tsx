import { Suspense, useId, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Button, Wrap } from '@chakra-ui/react';
import { lazyWithPreload, preloadOnIntent } from '../../components/lazyWithPreload.ts';
import { MORE_QR_TYPES, POPULAR_QR_TYPES, QR_TYPES } from '../../content/qrTypes.ts';
import type { GeneratorAtoms } from './generatorAtoms.ts';

// The menu machine and its positioning code are not needed for first paint, only once "More" is about to be used.
const MoreTypesMenu = lazyWithPreload(() => import('./MoreTypesMenu.tsx'));

const firstMore = MORE_QR_TYPES[0]?.id ?? null;
const lastMore = MORE_QR_TYPES.at(-1)?.id ?? null;

/**
 * Spec §2/§4: the six popular types as buttons (choosing one keeps the content) and a "More" menu with
 * descriptions for the other 18 (choosing one clears the content and closes the menu).
 */
export function TypePicker({ atoms, signedIn }: { atoms: GeneratorAtoms; signedIn: boolean }) {
  const type = useAtomValue(atoms.typeAtom);
  const chooseType = useSetAtom(atoms.chooseTypeAtom);
  const current = QR_TYPES.find((t) => t.id === type);
  const currentIsMore = MORE_QR_TYPES.some((t) => t.id === type);
  const triggerId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from the first open on; the button stays ours, so nothing is swapped under the pointer or focus.
  const [menuMounted, setMenuMounted] = useState(false);
  const [highlighted, setHighlighted] = useState<string | null>(null);

  const openMenu = (highlight: string | null) => {
    setHighlighted(highlight);
    setMenuMounted(true);
    setMenuOpen(true);
  };
  // As a menu button does: a key press opens on the first item, a pointer click on none.
  const onMoreClick = (event: MouseEvent) => {
    if (menuOpen) setMenuOpen(false);
    else openMenu(event.detail === 0 ? firstMore : null);
  };
  const onMoreKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    openMenu(event.key === 'ArrowDown' ? firstMore : lastMore);
  };

  return (
    <Wrap gap="2" role="group" aria-label="QR code type">
      {POPULAR_QR_TYPES.map((option) => (
        <Button
          key={option.id}
          size="sm"
          variant={option.id === type ? 'solid' : 'outline'}
          colorPalette={option.id === type ? 'brand' : 'gray'}
          aria-pressed={option.id === type}
          title={option.description}
          onClick={() => chooseType({ type: option.id, clearContent: false })}
        >
          {option.label}
        </Button>
      ))}
      <Button
        id={triggerId}
        size="sm"
        variant={currentIsMore ? 'solid' : 'outline'}
        colorPalette={currentIsMore ? 'brand' : 'gray'}
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        {...preloadOnIntent(MoreTypesMenu.preload)}
        onClick={onMoreClick}
        onKeyDown={onMoreKeyDown}
      >
        {currentIsMore && current ? `More: ${current.label}` : 'More'}
      </Button>
      {menuMounted && (
        <Suspense fallback={null}>
          <MoreTypesMenu
            open={menuOpen}
            onOpenChange={setMenuOpen}
            highlightedValue={highlighted}
            onHighlightChange={setHighlighted}
            onChoose={(id) => chooseType({ type: id, clearContent: true })}
            triggerId={triggerId}
            signedIn={signedIn}
          />
        </Suspense>
      )}
    </Wrap>
  );
}
