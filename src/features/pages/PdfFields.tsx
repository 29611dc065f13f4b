import { Stack } from '@chakra-ui/react';
import { FileField } from './FileField.tsx';
import { PageField, ThemeFields } from './formParts.tsx';

/** PDF: a title, a short description, the document (Open PDF and Download on the page) and an optional cover. */
export function PdfFields() {
  return (
    <Stack gap="4">
      <PageField name="title" label="Title" required placeholder="Spring catalogue" />
      <PageField name="description" label="Description" multiline />
      <FileField name="file" kind="pdf" label="PDF file" errorName="file" />
      <FileField
        name="cover"
        kind="image"
        label="Cover image (optional)"
        errorName="cover.path"
        removeLabel="Remove the cover"
      />
      <ThemeFields />
    </Stack>
  );
}
