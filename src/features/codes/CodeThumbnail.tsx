import { useEffect, useState } from 'react';
import { Box, Center, Spinner } from '@chakra-ui/react';
import { getQrClient } from '../../worker-client/index.ts';
import { codeRequest, type SavedCode } from './codeModel.ts';

const THUMB_PX = 128;
const THUMB_CSS = 56;

/** A small PNG of the saved code from the worker (the same renderer as every download). */
export function CodeThumbnail({ code }: { code: SavedCode }) {
  const request = codeRequest(code);
  const key = JSON.stringify(request);
  const [image, setImage] = useState<{ key: string; url: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    let url: string | null = null;
    getQrClient()
      .png(JSON.parse(key) as typeof request, THUMB_PX)
      .then(
        ({ blob }) => {
          if (!live) return;
          url = URL.createObjectURL(blob);
          setImage({ key, url });
        },
        () => live && setImage({ key, url: null }),
      );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [key]);
  const current = image?.key === key ? image : null;
  return (
    <Box
      w={`${THUMB_CSS}px`}
      h={`${THUMB_CSS}px`}
      flexShrink={0}
      rounded="md"
      borderWidth="1px"
      borderColor="gray.200"
      bg="white"
      overflow="hidden"
    >
      {current?.url ? (
        <img
          src={current.url}
          alt={`QR code of ${code.name}`}
          width={THUMB_CSS}
          height={THUMB_CSS}
          data-testid="code-thumbnail"
        />
      ) : (
        <Center h="full">
          {current ? null : <Spinner size="xs" color="gray.500" aria-label={`Drawing ${code.name}`} />}
        </Center>
      )}
    </Box>
  );
}
