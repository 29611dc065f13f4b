import { Badge, Box, Button, Flex, HStack, Text } from '@chakra-ui/react';
import { CodeIconActions } from './CodeActions.tsx';
import { CodeThumbnail } from './CodeThumbnail.tsx';
import { shortUrl } from './codesConfig.ts';
import { createdDate, scansLabel, typeLabel, uniqueScansLabel, type SavedCode } from './codeModel.ts';

interface CodeListRowProps {
  code: SavedCode;
  onEdit: (code: SavedCode) => void;
  onDelete: (code: SavedCode) => void;
  onToggleStatus: (code: SavedCode) => void;
  onRules: (code: SavedCode) => void;
  statusBusy: boolean;
}

/** One saved code in /dashboard/qr-codes: thumbnail, facts, and every action on it. */
export function CodeListRow({ code, onEdit, onDelete, onToggleStatus, onRules, statusBusy }: CodeListRowProps) {
  const paused = code.status === 'paused';
  return (
    <Flex
      as="li"
      aria-label={code.name}
      px={{ base: '4', md: '5' }}
      py="4"
      gap="4"
      wrap="wrap"
      align="center"
      borderTopWidth="1px"
      borderColor="gray.100"
      _first={{ borderTopWidth: '0' }}
    >
      <CodeThumbnail code={code} />
      <Box flex="1" minW="12rem">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold" color="gray.900">
            {code.name}
          </Text>
          <Badge colorPalette={code.isDynamic ? 'purple' : 'gray'} variant="subtle">
            {code.isDynamic ? 'Dynamic' : 'Static'}
          </Badge>
          <Badge colorPalette={paused ? 'orange' : 'green'} variant="subtle">
            {paused ? 'Paused' : 'Active'}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="gray.700">
          {typeLabel(code.type)} · {scansLabel(code.scans)} · {uniqueScansLabel(code.uniqueScans)} ·{' '}
          <Box as="span" whiteSpace="nowrap">
            Created {createdDate(code.createdAt)}
          </Box>
        </Text>
        {code.isDynamic && (
          <Text fontSize="sm" color="gray.700" wordBreak="break-all">
            <Text as="span" fontFamily="mono">
              {shortUrl(code.slug)}
            </Text>{' '}
            → {code.page === null ? code.destination : `a hosted ${typeLabel(code.type)} page`}
          </Text>
        )}
      </Box>
      <HStack gap="2" wrap="wrap">
        <CodeIconActions code={code} onEdit={onEdit} />
        {code.isDynamic && (
          <Button
            size="xs"
            variant="outline"
            loading={statusBusy}
            onClick={() => onToggleStatus(code)}
            aria-label={`${paused ? 'Activate' : 'Pause'} ${code.name}`}
          >
            {paused ? 'Activate' : 'Pause'}
          </Button>
        )}
        {code.isDynamic && (
          <Button size="xs" variant="outline" onClick={() => onRules(code)} aria-label={`Scan rules of ${code.name}`}>
            Scan rules
          </Button>
        )}
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          onClick={() => onDelete(code)}
          aria-label={`Delete ${code.name}`}
        >
          Delete
        </Button>
      </HStack>
    </Flex>
  );
}
