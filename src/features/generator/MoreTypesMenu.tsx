import { useNavigate } from 'react-router-dom';
import { HStack, Menu, Portal, Text } from '@chakra-ui/react';
import { toaster } from '../../components/toaster.ts';
import { MORE_QR_TYPES } from '../../content/qrTypes.ts';
import type { QrTypeId } from '../../content/qrTypes.ts';
import { isLinkWithoutAccount } from '../codes/codesConfig.ts';

/** Signed-out visitors hear about hosted pages once per visit, not at every pick of such a type. */
let toldAboutHostedPages = false;

export interface MoreTypesMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  highlightedValue: string | null;
  onHighlightChange: (value: string | null) => void;
  onChoose: (type: QrTypeId) => void;
  /** Id of TypePicker's "More" button: the menu anchors to it and returns focus to it as to its own trigger. */
  triggerId: string;
  /** Signed-out visitors are told that a hosted page needs an account (passed in: one file less for the menu). */
  signedIn: boolean;
}

/** The "More" types menu (spec §4), loaded when its button is about to be used: zag's menu and floating-ui. */
export default function MoreTypesMenu({
  open,
  onOpenChange,
  highlightedValue,
  onHighlightChange,
  onChoose,
  triggerId,
  signedIn,
}: MoreTypesMenuProps) {
  const navigate = useNavigate();
  // Here, in the menu's lazy chunk, rather than in the panel: the generator's first paint does not grow (issue 32).
  const tellAboutHostedPages = (option: (typeof MORE_QR_TYPES)[number]) => {
    if (toldAboutHostedPages || !isLinkWithoutAccount(option.id) || signedIn) return;
    toldAboutHostedPages = true;
    toaster.create({
      title: 'A hosted page needs a free account',
      description: `With a free account we host your ${option.label} page behind a dynamic code you can edit any time. Without one, this code links to a page you host yourself.`,
      type: 'info',
      duration: 15_000,
      closable: true,
      action: { label: 'Sign up free', onClick: () => void navigate('/auth') },
    });
  };
  return (
    <Menu.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      highlightedValue={highlightedValue}
      onHighlightChange={(e) => onHighlightChange(e.highlightedValue)}
      ids={{ trigger: triggerId }}
      onSelect={({ value }) => {
        const option = MORE_QR_TYPES.find((t) => t.id === value);
        if (!option) return;
        onChoose(option.id);
        tellAboutHostedPages(option);
      }}
    >
      <Portal>
        <Menu.Positioner>
          <Menu.Content maxH="80" overflowY="auto" minW="64">
            {MORE_QR_TYPES.map((option) => (
              <Menu.Item key={option.id} value={option.id}>
                <HStack justify="space-between" w="full" gap="3" align="start">
                  <Text fontWeight="medium">{option.label}</Text>
                  <Text fontSize="xs" color="fg.muted" textAlign="end">
                    {option.description}
                  </Text>
                </HStack>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
