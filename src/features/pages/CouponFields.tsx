import { useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { Field, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { PageField, ThemeFields } from './formParts.tsx';

/** The zones Intl knows (UTC first), for the owner's zone in which the dates are entered and shown. */
function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

/** Coupon: headline, offer, a code to copy, validity in the owner's time zone, terms and a Redeem link. */
export function CouponFields() {
  const { register, getValues } = useFormContext();
  const zones = useMemo(() => {
    const all = timeZones();
    const current = String(getValues('timeZone'));
    return all.includes(current) ? all : [current, ...all];
  }, [getValues]);
  return (
    <Stack gap="4">
      <PageField name="headline" label="Headline" required placeholder="20% off your next visit" />
      <PageField name="offer" label="Offer" multiline />
      <PageField name="code" label="Coupon code" placeholder="SPRING20" hint="Letters, digits, - and _" />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <PageField name="validFrom" label="Valid from" type="datetime-local" />
        <PageField name="validUntil" label="Valid until" type="datetime-local" />
      </SimpleGrid>
      <Field.Root>
        <Field.Label>Time zone</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field {...register('timeZone')}>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.HelperText>The dates above are in this zone, and the page shows them in it.</Field.HelperText>
      </Field.Root>
      <PageField name="terms" label="Terms" multiline />
      <PageField name="redeemUrl" label="Redeem link" type="url" placeholder="https://example.com/shop" />
      <ThemeFields />
    </Stack>
  );
}
