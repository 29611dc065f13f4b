import { Box, HStack, Link, Text } from '@chakra-ui/react';
import { shortUrl } from '../codes/codesConfig.ts';
import type { SavedCode } from '../codes/codeModel.ts';
import { DownloadCodeMenu } from '../codes/DownloadCodeMenu.tsx';

/** The saved page's printed code: its short URL (which never changes), the downloads, and a paused code's state. */
export function SavedPageBar({ code }: { code: SavedCode }) {
  const url = shortUrl(code.slug);
  return (
    <Box borderWidth="1px" borderColor="brand.200" bg="brand.50" rounded="md" px="3" py="2">
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Text fontSize="sm" color="gray.800">
          Printed code:{' '}
          <Link href={url} target="_blank" rel="noopener" color="brand.700" fontFamily="mono" wordBreak="break-all">
            {url}
          </Link>
          {code.status === 'paused' && ' (paused: scans show a “not found” page)'}
        </Text>
        <DownloadCodeMenu code={code} />
      </HStack>
    </Box>
  );
}
