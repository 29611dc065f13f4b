import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Box, Text } from '@chakra-ui/react';
import { renderHostedPage } from '../../shared/pages/render.ts';
import type { HostedPage } from '../../shared/pages/schema.ts';
import type { PageForm } from './pageForms.ts';
import { toPage, type PageValues } from './pageValues.ts';

/** Long enough that a word typed at speed renders once, short enough to feel live. */
const PREVIEW_DEBOUNCE_MS = 250;

/**
 * The preview's stand-in for an uploaded file. Files are private (a scan gets a signed URL through the page's short
 * URL, which a page being edited may not have yet), and the frame loads nothing from the network: each image is a
 * grey box of its own shape (an SVG of no size of its own takes the ratio of the width and height the renderer
 * gives the img), its caption below as on the page; the logo and the other pictures likewise; and the PDF's
 * buttons go nowhere.
 */
const PLACEHOLDER_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg"><rect width="100%" height="100%" fill="#d9dde3"/></svg>',
)}`;
const previewFileHref = (type: HostedPage['type']) => (index: number) =>
  type === 'pdf' && index === 0 ? '#file' : PLACEHOLDER_IMAGE;

/**
 * The page as a scanner's phone shows it: the server's own renderer (src/shared/pages/render.ts) writes the HTML
 * and a sandboxed iframe shows it (`sandbox=""`: no script, no same-origin access, no forms, no pop-ups). The form
 * is watched through a subscription, not a re-render: a keystroke only restarts a timer, and the page is rendered
 * once the typing pauses. While the form does not pass the schema, the last valid version stays on screen.
 */
export function PagePreview({ form }: { form: PageForm }) {
  const { watch, getValues } = useFormContext<PageValues>();
  const [html, setHtml] = useState<string | null>(null);
  const [valid, setValid] = useState(true);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let latest = 0;
    const render = () => {
      const run = ++latest;
      const parsed = form.schema.safeParse(toPage(getValues()));
      setValid(parsed.success);
      if (!parsed.success) return;
      // "Save contact" has nowhere to go before the page is saved; the button is shown as the page will show it.
      const fileHref = previewFileHref(parsed.data.type);
      void renderHostedPage(parsed.data, { now: new Date(), vcardHref: '#contact', fileHref }).then((page) => {
        if (run === latest) setHtml(page);
      });
    };
    render();
    const subscription = watch(() => {
      clearTimeout(timer);
      timer = setTimeout(render, PREVIEW_DEBOUNCE_MS);
    });
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
    };
  }, [form, watch, getValues]);

  return (
    <Box as="figure" m="0">
      <Box
        mx="auto"
        w="20rem"
        maxW="full"
        h="40rem"
        p="3"
        pt="6"
        pb="6"
        bg="gray.900"
        rounded="3xl"
        boxShadow="lg"
        data-testid="phone-frame"
      >
        {html === null ? (
          <Box h="full" bg="white" rounded="xl" display="flex" alignItems="center" justifyContent="center" p="6">
            <Text color="gray.700" textAlign="center" fontSize="sm">
              Fill in the required fields to see your page here.
            </Text>
          </Box>
        ) : (
          <iframe
            title="Preview of your page"
            sandbox=""
            srcDoc={html}
            style={{ width: '100%', height: '100%', border: 0, borderRadius: '0.75rem', background: 'white' }}
          />
        )}
      </Box>
      <Box as="figcaption" mt="2" textAlign="center" fontSize="sm" color="gray.700">
        {valid
          ? 'Live preview: what a phone shows when the code is scanned.'
          : 'The preview shows the last complete version; Save points out what is missing.'}
      </Box>
    </Box>
  );
}
