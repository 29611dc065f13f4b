import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Text } from '@chakra-ui/react';
import { QR_TYPES, type QrTypeId } from '../../content/qrTypes.ts';
import { isHostedType, newPagePath } from '../codes/codesConfig.ts';

/**
 * Next to a signed-in user's Save in the generator, for a type we can host (Links, vCard Plus, Menu, Coupon): the way
 * to the page editor. The generator's own form still makes a code of a link to a page hosted elsewhere.
 */
export function HostedPageOffer({ type }: { type: QrTypeId }) {
  if (!isHostedType(type)) return null;
  const label = QR_TYPES.find((t) => t.id === type)?.label ?? type;
  return (
    <Box borderWidth="1px" borderColor="brand.200" bg="brand.50" rounded="md" px="3" py="2">
      <Text fontSize="sm" color="gray.800" mb="2">
        No page to link to? We host a {label} page for you behind a dynamic code: edit it any time, the printed code
        stays the same.
      </Text>
      <Button asChild size="sm" colorPalette="brand">
        <RouterLink to={newPagePath(type)}>Build a {label} page</RouterLink>
      </Button>
    </Box>
  );
}
