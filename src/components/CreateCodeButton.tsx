import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@chakra-ui/react';
import { PlusIcon } from './icons.tsx';

/** The dashboard's "Create QR Code" action (spec §9): a brand button that opens /create. */
export function CreateCodeButton() {
  return (
    <Button asChild colorPalette="brand">
      <RouterLink to="/create">
        <PlusIcon />
        Create QR Code
      </RouterLink>
    </Button>
  );
}
