import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Checkbox, CheckboxGroup, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { DIETARY_TAGS, MAX_MENU_ITEMS, MAX_MENU_PHOTOS, MAX_MENU_SECTIONS } from '../../shared/pages/schema.ts';
import { blankMenuItem, menuPhotosFull, type MenuValues } from './pageValues.ts';
import { AddRowButton, Group, ListRow, PageField, ThemeFields } from './formParts.tsx';
import { PictureField } from './PictureField.tsx';

const TAG_LABELS: Record<(typeof DIETARY_TAGS)[number], string> = {
  vegan: 'Vegan',
  vegetarian: 'Vegetarian',
  'gluten-free': 'Gluten-free',
  'dairy-free': 'Dairy-free',
  spicy: 'Spicy',
  'contains-nuts': 'Contains nuts',
};

/** An item's dietary tags: native checkboxes sharing one name, so react-hook-form keeps them as a list. */
function TagBoxes({ name }: { name: string }) {
  const { register } = useFormContext();
  return (
    <Group legend="Dietary tags">
      <CheckboxGroup>
        <HStack gap="3" wrap="wrap">
          {DIETARY_TAGS.map((tag) => (
            <Checkbox.Root key={tag} size="sm">
              <Checkbox.HiddenInput value={tag} {...register(name)} />
              <Checkbox.Control />
              <Checkbox.Label>{TAG_LABELS[tag]}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </HStack>
      </CheckboxGroup>
    </Group>
  );
}

function SectionItems({ section, sectionLabel }: { section: number; sectionLabel: string }) {
  const { control } = useFormContext<MenuValues>();
  const items = useFieldArray({ control, name: `sections.${section}.items` });
  const sections = useWatch({ control, name: 'sections' });
  const photosFull = menuPhotosFull(sections);
  return (
    <Stack gap="3">
      {items.fields.map((row, i) => {
        const base = `sections.${section}.items.${i}`;
        return (
          <ListRow
            key={row.id}
            legend={`Item ${i + 1} of ${sectionLabel}`}
            index={i}
            count={items.fields.length}
            onMove={items.move}
            onRemove={() => items.remove(i)}
          >
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
              <PageField name={`${base}.name`} label="Dish" required placeholder="Margherita" />
              <PageField name={`${base}.price`} label="Price" required placeholder="9.50" />
            </SimpleGrid>
            <PageField name={`${base}.description`} label="Description" multiline />
            <TagBoxes name={`${base}.tags`} />
            {photosFull && !sections[section]?.items[i]?.photo.path ? (
              <Text fontSize="sm" color="fg.muted">
                {`A menu shows up to ${MAX_MENU_PHOTOS} photos: remove one to add a photo here.`}
              </Text>
            ) : (
              <PictureField
                name={`${base}.photo`}
                label="Photo (optional)"
                removeLabel={`Remove the photo of item ${i + 1} of ${sectionLabel}`}
              />
            )}
          </ListRow>
        );
      })}
      <AddRowButton
        label={`Add item to ${sectionLabel}`}
        full={items.fields.length >= MAX_MENU_ITEMS}
        limit={`A section holds up to ${MAX_MENU_ITEMS} items.`}
        onAdd={() => items.append(blankMenuItem())}
      />
    </Stack>
  );
}

/** Menu: sections of items (each with an optional photo) with prices in the owner's currency, formatted for the page's locale. */
export function MenuFields() {
  const { control } = useFormContext<MenuValues>();
  const sections = useFieldArray({ control, name: 'sections' });
  return (
    <Stack gap="4">
      <PageField name="title" label="Title" required placeholder="Trattoria Ada" />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <PageField name="currency" label="Currency" required placeholder="EUR" hint="A currency code: EUR, USD, GBP…" />
        <PageField name="locale" label="Price format" placeholder="de-DE" hint="A locale such as en-GB (optional)" />
      </SimpleGrid>
      <PageField name="hours" label="Opening hours" placeholder="Tue–Sun 12:00–22:00" />
      {sections.fields.map((row, i) => (
        <ListRow
          key={row.id}
          legend={`Section ${i + 1}`}
          index={i}
          count={sections.fields.length}
          onMove={sections.move}
          onRemove={() => sections.remove(i)}
        >
          <PageField name={`sections.${i}.name`} label="Section name" required placeholder="Starters" />
          <SectionItems section={i} sectionLabel={`section ${i + 1}`} />
        </ListRow>
      ))}
      <AddRowButton
        label="Add section"
        full={sections.fields.length >= MAX_MENU_SECTIONS}
        limit={`A menu holds up to ${MAX_MENU_SECTIONS} sections.`}
        onAdd={() => sections.append({ name: '', items: [blankMenuItem()] })}
      />
      <ThemeFields />
    </Stack>
  );
}
