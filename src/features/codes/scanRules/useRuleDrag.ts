// Drag to reorder the panel's rules with the browser's own drag and drop (no library: nothing added to the
// bundle). A rule's handle starts the drag; dropping on a rule's upper half puts the dragged rule before it, on its
// lower half after it. The ↑/↓ buttons are the keyboard way to do the same.
import { useRef, useState, type DragEvent } from 'react';
import { dropIndex } from './scanRulesModel.ts';

export interface DropSpot {
  index: number;
  upper: boolean;
}

const isUpperHalf = (e: DragEvent<HTMLElement>) => {
  const box = e.currentTarget.getBoundingClientRect();
  return e.clientY < box.top + box.height / 2;
};

export function useRuleDrag(onMove: (from: number, to: number) => void) {
  // The rule being dragged, for the handlers (a ref: set at once, whatever React renders when).
  const from = useRef<number | null>(null);
  // The same and the drop spot, for what the rules look like meanwhile.
  const [dragging, setDragging] = useState<number | null>(null);
  const [spot, setSpot] = useState<DropSpot | null>(null);
  const reset = () => {
    from.current = null;
    setDragging(null);
    setSpot(null);
  };

  /** On the handle of rule `index`: starts a drag showing the whole rule. */
  const handleProps = (index: number) => ({
    draggable: true,
    onDragStart: (e: DragEvent<HTMLElement>) => {
      e.dataTransfer.effectAllowed = 'move';
      // Firefox starts a drag only with some data.
      e.dataTransfer.setData('text/plain', `Rule ${index + 1}`);
      const item = e.currentTarget.closest('li');
      if (item) e.dataTransfer.setDragImage(item, 16, 16);
      from.current = index;
      setDragging(index);
    },
    onDragEnd: reset,
  });

  /** On rule `index` itself: where a dragged rule would land, and the drop. */
  const itemProps = (index: number) => ({
    onDragOver: (e: DragEvent<HTMLElement>) => {
      if (from.current === null) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      const upper = isUpperHalf(e);
      if (spot?.index !== index || spot.upper !== upper) setSpot({ index, upper });
    },
    onDrop: (e: DragEvent<HTMLElement>) => {
      const dragged = from.current;
      if (dragged === null) return;
      e.preventDefault();
      const to = dropIndex(dragged, index, isUpperHalf(e));
      reset();
      if (to !== dragged) onMove(dragged, to);
    },
  });

  return { dragging, spot, handleProps, itemProps };
}
