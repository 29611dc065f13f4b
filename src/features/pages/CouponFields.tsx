import { SimpleGrid, Stack } from '@chakra-ui/react';
import { PageField, ThemeFields } from './formParts.tsx';
import { TimeZoneField } from './TimeZoneField.tsx';

/** Coupon: headline, offer, a code to copy, validity in the owner's time zone, terms and a Redeem link. */
export function CouponFields() {
  return (
    <Stack gap="4">
      <PageField name="headline" label="Headline" required placeholder="20% off your next visit" />
      <PageField name="offer" label="Offer" multiline />
      <PageField name="code" label="Coupon code" placeholder="SPRING20" hint="Letters, digits, - and _" />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <PageField name="validFrom" label="Valid from" type="datetime-local" />
        <PageField name="validUntil" label="Valid until" type="datetime-local" />
      </SimpleGrid>
      <TimeZoneField hint="The dates above are in this zone, and the page shows them in it." />
      <PageField name="terms" label="Terms" multiline />
      <PageField name="redeemUrl" label="Redeem link" type="url" placeholder="https://example.com/shop" />
      <ThemeFields />
    </Stack>
  );
}
