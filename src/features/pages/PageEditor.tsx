import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { FormProvider, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Box, Button, Field, Grid, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { FormError } from '../../components/FormError.tsx';
import { toaster } from '../../components/toaster.ts';
import { toDataError, type DataError } from '../../lib/dataError.ts';
import type { HostedPage } from '../../shared/pages/schema.ts';
import { DEFAULT_CODE_DESIGN, type SavedCode } from '../codes/codeModel.ts';
import { createCode, updateCode } from '../codes/codesApi.ts';
import { bumpCodesVersionAtom } from '../codes/codesAtoms.ts';
import { editPagePath, type HostedQrTypeId } from '../codes/codesConfig.ts';
import { PAGE_FORMS } from './pageForms.ts';
import { PagePreview } from './PagePreview.tsx';
import { SavedPageBar } from './SavedPageBar.tsx';
import { toPage, type PageValues } from './pageValues.ts';

/**
 * Messages for what the shared schema leaves to zod's defaults: an empty required field, a price that is not a
 * number. The schema's own messages (formats, lengths) win over these.
 */
const errorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'Required';
  if (issue.path?.at(-1) === 'price') return 'Enter a price such as 4.50';
  if (issue.code === 'too_small' && issue.origin === 'array') return 'Add at least one';
  return undefined;
};

/** A problem of the whole page rather than one field (the coupon's dates in the wrong order). */
function pageProblem(errors: FieldErrors<PageValues>): string | null {
  const whole = (errors as Record<string, { message?: string } | undefined>)[''];
  if (!whole) return null;
  return /validFrom/.test(whole.message ?? '')
    ? '“Valid from” must come before “Valid until”.'
    : (whole.message ?? null);
}

function titleOf(page: HostedPage): string {
  if (page.type === 'coupon') return page.headline;
  if (page.type === 'business') return page.name;
  if (page.type === 'vcard')
    return [page.firstName, page.lastName].filter(Boolean).join(' ') || page.company || 'Contact';
  return page.title;
}

interface PageEditorProps {
  /** The generator type the code is saved as (vcardplus for a vCard Plus page). */
  qrType: HostedQrTypeId;
  initial: PageValues;
  /** The saved code when editing; a new one is created on the first save. */
  code: SavedCode | null;
}

/**
 * A hosted page's form (react-hook-form, checked by the shared zod schema of src/shared/pages/schema.ts) beside a
 * live phone preview. Saving creates a dynamic code whose scans show the page; later saves change the page of that
 * same code, so the printed short URL never changes.
 */
export function PageEditor({ qrType, initial, code }: PageEditorProps) {
  const form = PAGE_FORMS[initial.type];
  const navigate = useNavigate();
  const bump = useSetAtom(bumpCodesVersionAtom);
  const [name, setName] = useState(code?.name ?? '');
  const [serverError, setServerError] = useState<DataError | null>(null);
  const methods = useForm<PageValues, unknown, HostedPage>({
    resolver: zodResolver(z.preprocess(toPage, form.schema), { error: errorMap }) as Resolver<
      PageValues,
      unknown,
      HostedPage
    >,
    defaultValues: initial,
  });
  const { handleSubmit, formState } = methods;
  const problem = pageProblem(formState.errors);

  const onValid = async (page: HostedPage) => {
    setServerError(null);
    const codeName = name.trim() || titleOf(page);
    try {
      if (code) {
        await updateCode(code.id, { name: codeName, page }, code);
        toaster.create({
          title: 'Saved!',
          description: `Scans of “${codeName}” show the new page now; the printed code stays the same.`,
          type: 'success',
          closable: true,
        });
      } else {
        const saved = await createCode({
          name: codeName,
          type: qrType,
          isDynamic: true,
          content: '',
          destination: null,
          design: DEFAULT_CODE_DESIGN,
          page,
        });
        toaster.create({
          title: 'Saved!',
          description: `“${saved.name}” is in My QR Codes as a dynamic code. Download it and print it.`,
          type: 'success',
          closable: true,
        });
        void navigate(editPagePath(saved.id), { replace: true });
      }
      bump();
    } catch (error) {
      setServerError(toDataError(error));
    }
  };

  return (
    <FormProvider {...methods}>
      <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="8" alignItems="start">
        <form onSubmit={handleSubmit(onValid)} noValidate aria-label={form.title}>
          <Stack gap="5">
            <Heading as="h2" size="md">
              {code ? `Edit “${code.name}”` : `New ${form.title}`}
            </Heading>
            {code && <SavedPageBar code={code} />}
            <Field.Root>
              <Field.Label>Name</Field.Label>
              <Input autoComplete="off" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
              <Field.HelperText>
                How the code is listed in My QR Codes; the page’s title when left empty.
              </Field.HelperText>
            </Field.Root>
            <form.Fields />
            {problem && (
              <Text role="alert" color="red.700">
                {problem}
              </Text>
            )}
            <FormError error={serverError} />
            <Button
              type="submit"
              colorPalette="brand"
              alignSelf="start"
              loading={formState.isSubmitting}
              loadingText="Saving..."
            >
              {code ? 'Save changes' : 'Save page'}
            </Button>
          </Stack>
        </form>
        <Box position={{ lg: 'sticky' }} top={{ lg: '6' }}>
          <PagePreview form={form} />
        </Box>
      </Grid>
    </FormProvider>
  );
}
