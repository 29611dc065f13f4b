import { Link as RouterLink } from 'react-router-dom';
import { Button, Card, List, Text } from '@chakra-ui/react';

/** Spec §2 (/create): shown to signed-out visitors once a code is generated. */
export function UpsellCard() {
  return (
    <Card.Root borderColor="brand.100" bg="brand.50" size="sm" data-testid="upsell-card">
      <Card.Body gap="2">
        <Text fontWeight="semibold">Save your QR codes with a free account</Text>
        <List.Root gap="1" ps="5" fontSize="sm">
          <List.Item>Save unlimited QR codes</List.Item>
          <List.Item>Scan tracking and analytics</List.Item>
          <List.Item>Edit anytime</List.Item>
          <List.Item>Dynamic QR codes</List.Item>
        </List.Root>
        <Button asChild colorPalette="brand" size="sm" alignSelf="start">
          <RouterLink to="/auth">Create Free Account</RouterLink>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}
