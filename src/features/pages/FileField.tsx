// An uploaded file in the editor's form: PageFileInput puts the picked file in Storage and this stores what the page
// needs (its path, and an image's size) under `name`, with the file's name shown so the user knows what the page
// holds. The schema's problem with it (no file yet) is said under it, like any other field's.
import { get, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { PageFileInput } from '../pageFiles/PageFileInput.tsx';
import type { PageFileKind } from '../pageFiles/pageFileCheck.ts';
import type { ImageOptions } from '../pageFiles/uploadedPageFile.ts';
import type { FileValues } from './pageValues.ts';

interface FileFieldProps {
  /** The form's file object: `file`, `cover`, `images.2` (path, name and, for an image, width and height). */
  name: string;
  kind: PageFileKind;
  label: string;
  /** Where the schema reports the missing file (`file` for a PDF page, `images.2.path` for an image). */
  errorName: string;
  /** Optional files (a cover) can be taken off the page: the name of the button that does it ("Remove the cover"). */
  removeLabel?: string;
  /** An image's preparation (PageFileInput's `image`) and the line under the input that says what it does. */
  image?: ImageOptions;
  hint?: string;
}

const NO_FILE = "Choose a file: the page shows it once it's uploaded.";

export function FileField({ name, kind, label, errorName, removeLabel, image, hint }: FileFieldProps) {
  const { setValue, trigger } = useFormContext();
  const current = useWatch({ name }) as FileValues;
  const { errors } = useFormState({ name: errorName });
  const error = (get(errors, errorName) as { message?: string } | undefined)?.message;
  const set = (value: Record<string, unknown>) => {
    for (const [key, v] of Object.entries(value)) setValue(`${name}.${key}`, v, { shouldDirty: true });
    // The schema's error may sit on the file object (a PDF page's `file`), not on the path just set: check it again.
    if (error) void trigger(errorName);
  };
  return (
    <Stack gap="1">
      <PageFileInput
        kind={kind}
        label={label}
        image={image}
        hint={hint}
        onUploaded={(file) =>
          set({
            path: file.path,
            name: file.name,
            ...(kind === 'image' ? { width: file.width ?? 0, height: file.height ?? 0 } : {}),
          })
        }
      />
      <HStack gap="2" wrap="wrap">
        <Text fontSize="sm" color="gray.700">
          {current.path ? `On the page: “${current.name}”` : 'No file yet.'}
        </Text>
        {removeLabel && current.path && (
          <Button
            size="xs"
            variant="outline"
            aria-label={removeLabel}
            onClick={() => set({ path: '', name: '', width: 0, height: 0 })}
          >
            Remove
          </Button>
        )}
      </HStack>
      {error && (
        <Text role="alert" fontSize="sm" color="red.700">
          {error === 'Required' ? NO_FILE : error}
        </Text>
      )}
    </Stack>
  );
}
