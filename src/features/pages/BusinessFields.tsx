import { useFieldArray, useFormContext } from 'react-hook-form';
import { Field, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { WEEKDAY_NAMES } from '../../shared/pages/opening-hours.ts';
import {
  MAX_DAY_SLOTS,
  MAX_EXCEPTIONS,
  MAX_SOCIAL_LINKS,
  SOCIAL_NETWORK_NAMES,
  SOCIAL_NETWORKS,
  WEEKDAYS,
} from '../../shared/pages/schema.ts';
import { FileField } from './FileField.tsx';
import { AddRowButton, Group, ListRow, PageField, ThemeFields } from './formParts.tsx';
import type { BusinessValues } from './pageValues.ts';
import { TimeZoneField } from './TimeZoneField.tsx';

const NETWORK_LABELS = { ...SOCIAL_NETWORK_NAMES, other: 'Other' };

/** A day's opening periods (`hours.mon`, `exceptions.2.slots`): none means closed. */
function Periods({
  name,
  day,
}: {
  name: `hours.${(typeof WEEKDAYS)[number]}` | `exceptions.${number}.slots`;
  day: string;
}) {
  const { control } = useFormContext<BusinessValues>();
  const slots = useFieldArray({ control, name });
  return (
    <Stack gap="2">
      {slots.fields.length === 0 && (
        <Text fontSize="sm" color="gray.700">
          Closed
        </Text>
      )}
      {slots.fields.map((row, i) => (
        <ListRow
          key={row.id}
          legend={`${day}, period ${i + 1}`}
          index={i}
          count={slots.fields.length}
          onMove={slots.move}
          onRemove={() => slots.remove(i)}
        >
          <SimpleGrid columns={2} gap="3">
            <PageField name={`${name}.${i}.opens`} label="Opens" type="time" errorName={`${name}.${i}`} />
            <PageField name={`${name}.${i}.closes`} label="Closes" type="time" />
          </SimpleGrid>
        </ListRow>
      ))}
      <AddRowButton
        label={`Add opening hours (${day})`}
        full={slots.fields.length >= MAX_DAY_SLOTS}
        limit={`A day has up to ${MAX_DAY_SLOTS} periods.`}
        onAdd={() => slots.append({ opens: '09:00', closes: '18:00' })}
      />
    </Stack>
  );
}

/**
 * Business: name, cover, description, the week's opening hours and special days in the business's time zone (a
 * period past midnight is two: until 24:00, and from 00:00 the next day), address, contacts and social links.
 */
export function BusinessFields() {
  const { control, register } = useFormContext<BusinessValues>();
  const exceptions = useFieldArray({ control, name: 'exceptions' });
  const socials = useFieldArray({ control, name: 'socials' });
  return (
    <Stack gap="4">
      <FileField
        name="cover"
        kind="image"
        label="Cover image (optional)"
        errorName="cover.path"
        removeLabel="Remove the cover"
      />
      <PageField name="name" label="Business name" required placeholder="Ada's Bakery" />
      <PageField name="description" label="Description" multiline />
      <TimeZoneField hint="The opening hours are in this zone; the page says whether you are open now in it." />
      <Group legend="Opening hours">
        {WEEKDAYS.map((day, i) => (
          <Group key={day} legend={WEEKDAY_NAMES[i]!} boxed>
            <Periods name={`hours.${day}`} day={WEEKDAY_NAMES[i]!} />
          </Group>
        ))}
      </Group>
      <Group legend="Special days (holidays, other hours)">
        {exceptions.fields.map((row, i) => (
          <ListRow
            key={row.id}
            legend={`Special day ${i + 1}`}
            index={i}
            count={exceptions.fields.length}
            onMove={exceptions.move}
            onRemove={() => exceptions.remove(i)}
          >
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
              <PageField name={`exceptions.${i}.date`} label="Date" type="date" required />
              <PageField name={`exceptions.${i}.note`} label="Note" placeholder="Christmas Day" />
            </SimpleGrid>
            <Periods name={`exceptions.${i}.slots`} day={`Special day ${i + 1}`} />
          </ListRow>
        ))}
        <AddRowButton
          label="Add special day"
          full={exceptions.fields.length >= MAX_EXCEPTIONS}
          limit={`A page holds up to ${MAX_EXCEPTIONS} special days.`}
          onAdd={() => exceptions.append({ date: '', note: '', slots: [] })}
        />
      </Group>
      <Group legend="Address">
        <PageField name="address.street" label="Street" autoComplete="street-address" />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <PageField name="address.postcode" label="Postcode" />
          <PageField name="address.city" label="City" />
          <PageField name="address.region" label="Region" />
          <PageField name="address.country" label="Country" />
        </SimpleGrid>
      </Group>
      <PageField name="phone" label="Phone" type="tel" placeholder="+49 30 1234 5678" />
      <PageField name="email" label="Email" type="email" />
      <PageField name="website" label="Website" type="url" placeholder="https://" />
      <Group legend="Social links">
        {socials.fields.map((row, i) => (
          <ListRow
            key={row.id}
            legend={`Social link ${i + 1}`}
            index={i}
            count={socials.fields.length}
            onMove={socials.move}
            onRemove={() => socials.remove(i)}
          >
            <Field.Root>
              <Field.Label>Network</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field {...register(`socials.${i}.network`)}>
                  {SOCIAL_NETWORKS.map((n) => (
                    <option key={n} value={n}>
                      {NETWORK_LABELS[n]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <PageField name={`socials.${i}.url`} label="Profile link" type="url" required placeholder="https://" />
          </ListRow>
        ))}
        <AddRowButton
          label="Add social link"
          full={socials.fields.length >= MAX_SOCIAL_LINKS}
          limit={`A page holds up to ${MAX_SOCIAL_LINKS} social links.`}
          onAdd={() => socials.append({ network: 'instagram', url: '' })}
        />
      </Group>
      <ThemeFields />
    </Stack>
  );
}
