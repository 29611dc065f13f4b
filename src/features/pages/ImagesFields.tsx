import { get, useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { Stack, Text } from '@chakra-ui/react';
import { MAX_IMAGES } from '../../shared/pages/schema.ts';
import { FileField } from './FileField.tsx';
import { AddRowButton, ListRow, PageField, ThemeFields } from './formParts.tsx';
import { blankImage, type ImagesValues } from './pageValues.ts';

/** The list's own problem (no image at all), which the schema reports on the list rather than a row. */
function ListProblem({ name }: { name: string }) {
  const { errors } = useFormState({ name });
  const error = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  const message = error?.message ?? error?.root?.message;
  return message ? (
    <Text role="alert" fontSize="sm" color="red.700">
      {message === 'Add at least one' ? 'Add at least one image.' : message}
    </Text>
  ) : null;
}

/** Images: a title, a description and a gallery of up to 20 images with captions, in the order the page shows them. */
export function ImagesFields() {
  const { control } = useFormContext<ImagesValues>();
  const images = useFieldArray({ control, name: 'images' });
  return (
    <Stack gap="4">
      <PageField name="title" label="Title" required placeholder="Our new shop" />
      <PageField name="description" label="Description" multiline />
      {images.fields.map((row, i) => (
        <ListRow
          key={row.id}
          legend={`Image ${i + 1}`}
          index={i}
          count={images.fields.length}
          onMove={images.move}
          onRemove={() => images.remove(i)}
        >
          <FileField name={`images.${i}`} kind="image" label="Image file" errorName={`images.${i}.path`} />
          <PageField name={`images.${i}.caption`} label="Caption" hint="Also what a screen reader says" />
        </ListRow>
      ))}
      <ListProblem name="images" />
      <AddRowButton
        label="Add image"
        full={images.fields.length >= MAX_IMAGES}
        limit={`A page holds up to ${MAX_IMAGES} images.`}
        onAdd={() => images.append(blankImage())}
      />
      <ThemeFields />
    </Stack>
  );
}
