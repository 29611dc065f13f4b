import { useFieldArray, useFormContext } from 'react-hook-form';
import { Stack } from '@chakra-ui/react';
import { MAX_LINKS } from '../../shared/pages/schema.ts';
import type { LinksValues } from './pageValues.ts';
import { AddRowButton, ListRow, PageField, ThemeFields } from './formParts.tsx';
import { PictureField } from './PictureField.tsx';

/** Links (link in bio): an avatar, a title, a short bio and up to 20 labelled links, in the order the page shows them. */
export function LinksFields() {
  const { control } = useFormContext<LinksValues>();
  const links = useFieldArray({ control, name: 'links' });
  return (
    <Stack gap="4">
      <PictureField name="avatar" label="Avatar (optional)" removeLabel="Remove the avatar" />
      <PageField name="title" label="Title" required placeholder="Ada's Bakery" />
      <PageField name="bio" label="Short bio" multiline />
      {links.fields.map((row, i) => (
        <ListRow
          key={row.id}
          legend={`Link ${i + 1}`}
          index={i}
          count={links.fields.length}
          onMove={links.move}
          onRemove={() => links.remove(i)}
        >
          <PageField name={`links.${i}.label`} label="Label" required placeholder="Order online" />
          <PageField
            name={`links.${i}.url`}
            label="Link"
            type="url"
            required
            placeholder="https://example.com"
            hint="A web address, a mailto: or a tel: link"
          />
        </ListRow>
      ))}
      <AddRowButton
        label="Add link"
        full={links.fields.length >= MAX_LINKS}
        limit={`A page holds up to ${MAX_LINKS} links.`}
        onAdd={() => links.append({ label: '', url: '' })}
      />
      <ThemeFields />
    </Stack>
  );
}
