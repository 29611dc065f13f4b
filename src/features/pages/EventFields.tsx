import { Stack, SimpleGrid } from '@chakra-ui/react';
import { PageField, ThemeFields } from './formParts.tsx';
import { FileField } from './FileField.tsx';
import { TimeZoneField } from './TimeZoneField.tsx';

/**
 * Event: a title, its start and end as wall-clock times in the event's zone (stored as UTC instants), the place,
 * a description, the organiser, an image and a link. The page offers the .ics and Google and Outlook links.
 */
export function EventFields() {
  return (
    <Stack gap="4">
      <FileField
        name="image"
        kind="image"
        label="Image (optional)"
        errorName="image.path"
        removeLabel="Remove the image"
      />
      <PageField name="title" label="Title" required placeholder="Summer concert" />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <PageField name="start" label="Starts" type="datetime-local" required />
        <PageField name="end" label="Ends" type="datetime-local" required />
      </SimpleGrid>
      <TimeZoneField hint="The times above are in this zone; the page shows them in it, and in the visitor's own." />
      <PageField name="place" label="Place" placeholder="Town Hall, Main Street 1, Springfield" />
      <PageField name="description" label="Description" multiline />
      <PageField name="organiser" label="Organiser" />
      <PageField name="url" label="Link for tickets or more information" type="url" placeholder="https://" />
      <ThemeFields />
    </Stack>
  );
}
