import { useFieldArray, useFormContext } from 'react-hook-form';
import { SimpleGrid, Stack } from '@chakra-ui/react';
import type { VcardValues } from './pageValues.ts';
import { AddRowButton, Group, ListRow, PageField, ThemeFields } from './formParts.tsx';
import { PictureField } from './PictureField.tsx';

const MAX_PHONES = 5;
const MAX_EMAILS = 5;

/** vCard Plus: the contact (and photo) the page shows and its "Save contact" file holds. */
export function VcardFields() {
  const { control } = useFormContext<VcardValues>();
  const phones = useFieldArray({ control, name: 'phones' });
  const emails = useFieldArray({ control, name: 'emails' });
  return (
    <Stack gap="4">
      <PictureField name="photo" label="Photo (optional)" removeLabel="Remove the photo" contactPhoto />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <PageField name="firstName" label="First name" autoComplete="given-name" />
        <PageField name="lastName" label="Last name" autoComplete="family-name" />
        <PageField name="role" label="Role" autoComplete="organization-title" />
        <PageField name="company" label="Company" autoComplete="organization" />
      </SimpleGrid>
      {phones.fields.map((row, i) => (
        <ListRow
          key={row.id}
          legend={`Phone ${i + 1}`}
          index={i}
          count={phones.fields.length}
          onMove={phones.move}
          onRemove={() => phones.remove(i)}
        >
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <PageField name={`phones.${i}.number`} label="Number" type="tel" placeholder="+44 20 7946 0000" />
            <PageField name={`phones.${i}.label`} label="Label" placeholder="Mobile" />
          </SimpleGrid>
        </ListRow>
      ))}
      <AddRowButton
        label="Add phone"
        full={phones.fields.length >= MAX_PHONES}
        limit={`Up to ${MAX_PHONES} phone numbers.`}
        onAdd={() => phones.append({ label: '', number: '' })}
      />
      {emails.fields.map((row, i) => (
        <ListRow
          key={row.id}
          legend={`Email ${i + 1}`}
          index={i}
          count={emails.fields.length}
          onMove={emails.move}
          onRemove={() => emails.remove(i)}
        >
          <PageField
            name={`emails.${i}.address`}
            errorName={`emails.${i}`}
            label="Address"
            type="email"
            placeholder="ada@example.com"
          />
        </ListRow>
      ))}
      <AddRowButton
        label="Add email"
        full={emails.fields.length >= MAX_EMAILS}
        limit={`Up to ${MAX_EMAILS} email addresses.`}
        onAdd={() => emails.append({ address: '' })}
      />
      <PageField name="website" label="Website" type="url" placeholder="https://example.com" />
      <Group legend="Address">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <PageField name="address.street" label="Street" autoComplete="street-address" />
          <PageField name="address.city" label="City" autoComplete="address-level2" />
          <PageField name="address.region" label="Region" autoComplete="address-level1" />
          <PageField name="address.postcode" label="Postcode" autoComplete="postal-code" />
          <PageField name="address.country" label="Country" autoComplete="country-name" />
        </SimpleGrid>
      </Group>
      <PageField name="note" label="Note" multiline />
      <ThemeFields />
    </Stack>
  );
}
