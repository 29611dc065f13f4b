import { Box, Center, Stack, Text } from '@chakra-ui/react';
import type { QrRequest } from '../../worker-client/index.ts';
import type { QrDesign } from '../../qr-ui/index.ts';
import { PREVIEW_CSS_SIZE, usePreview } from './usePreview.ts';
import { ScanBadge } from './ScanBadge.tsx';

function Placeholder() {
  return (
    <Center
      w={`${PREVIEW_CSS_SIZE + 32}px`}
      h={`${PREVIEW_CSS_SIZE + 32}px`}
      borderWidth="2px"
      borderStyle="dashed"
      borderColor="gray.300"
      borderRadius="lg"
      flexDirection="column"
      color="gray.600"
      data-testid="qr-placeholder"
    >
      <Text fontWeight="semibold">QR Preview</Text>
      <Text fontSize="sm">Generate to see preview</Text>
    </Center>
  );
}

/** `onFix` applies the scan badge's one-click fix to the design. */
type FixDesign = (patch: Partial<QrDesign>) => void;

interface PreviewProps {
  onFix?: FixDesign | undefined;
  /** After each frame is painted. */
  onPainted?: (() => void) | undefined;
}

function LivePreview({ request, onFix, onPainted }: PreviewProps & { request: QrRequest }) {
  const { canvasRef, meta, error, shown, tooLong } = usePreview(request, onPainted);
  return (
    <Stack align="center" gap="2">
      <Box p="4" bg="white" borderRadius="lg" borderWidth="1px" borderColor="gray.200">
        <canvas
          ref={canvasRef}
          role="img"
          aria-label="QR code preview"
          data-testid="qr-preview"
          data-version={meta?.version}
          style={{
            width: PREVIEW_CSS_SIZE,
            height: PREVIEW_CSS_SIZE,
            display: 'block',
            opacity: error ? 0.25 : tooLong ? 0.6 : 1,
          }}
        />
      </Box>
      {tooLong && (
        <Text fontSize="sm" color="orange.800" maxW="xs" textAlign="center" data-testid="preview-out-of-date">
          {tooLong.lastGood
            ? 'Out of date: this is the last code that fit. The content is now too long (see under the content).'
            : 'No code yet: the content is too long (see under the content).'}
        </Text>
      )}
      {error && (
        <Text role="alert" fontSize="sm" color="red.700" maxW="xs" textAlign="center">
          {error}
        </Text>
      )}
      {meta?.adjustments.map((a) => (
        <Text key={a.code} fontSize="xs" color="orange.700" maxW="xs" textAlign="center">
          {a.message}
        </Text>
      ))}
      {!error && !tooLong && <ScanBadge request={shown} {...(onFix ? { onFix } : {})} />}
    </Stack>
  );
}

/** Spec §2: the QR only when generated with content; otherwise the dashed placeholder. */
export function PreviewPane({ request, ...props }: PreviewProps & { request: QrRequest | null }) {
  return request ? <LivePreview request={request} {...props} /> : <Placeholder />;
}
