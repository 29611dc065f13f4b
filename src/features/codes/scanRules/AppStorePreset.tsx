import { useState } from 'react';
import { Button, Checkbox, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { appStoreRules, type Rule, type ScanSettings } from '../../../shared/rules/schema.ts';
import { withField } from './scanRulesModel.ts';

interface Props {
  settings: ScanSettings;
  onChange: (settings: ScanSettings) => void;
  /** The plan leaves room for two more rules. */
  canAdd: boolean;
  /** Puts the preset's two rules first. */
  onAdd: (rules: Rule[]) => void;
}

/**
 * The App-store preset: iPhones to the App Store, Android to Google Play, and everyone else either the destination
 * or our page with both store badges (`appPage`, kept in step with the two addresses).
 */
export function AppStorePreset({ settings, onChange, canAdd, onAdd }: Props) {
  const [stores, setStores] = useState({
    ios: settings.appPage?.appStore ?? '',
    android: settings.appPage?.googlePlay ?? '',
  });
  const badgePage = settings.appPage !== undefined;
  const both = stores.ios !== '' && stores.android !== '';
  const change = (next: typeof stores) => {
    setStores(next);
    if (badgePage) onChange(withField(settings, 'appPage', { appStore: next.ios, googlePlay: next.android }));
  };
  return (
    <Stack gap="2" borderTopWidth="1px" borderColor="gray.100" pt="2">
      <Text fontSize="sm" fontWeight="semibold">
        App stores
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
        <Input
          size="sm"
          type="url"
          aria-label="App Store address (iPhone and iPad)"
          placeholder="https://apps.apple.com/…"
          value={stores.ios}
          onChange={(e) => change({ ...stores, ios: e.target.value.trim() })}
        />
        <Input
          size="sm"
          type="url"
          aria-label="Google Play address (Android)"
          placeholder="https://play.google.com/…"
          value={stores.android}
          onChange={(e) => change({ ...stores, android: e.target.value.trim() })}
        />
      </SimpleGrid>
      <Checkbox.Root
        size="sm"
        checked={badgePage}
        disabled={!badgePage && !both}
        onCheckedChange={(e) =>
          onChange(
            withField(
              settings,
              'appPage',
              e.checked === true ? { appStore: stores.ios, googlePlay: stores.android } : undefined,
            ),
          )
        }
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Others see a page with both store badges (instead of the destination)</Checkbox.Label>
      </Checkbox.Root>
      <Button
        size="sm"
        variant="outline"
        alignSelf="start"
        disabled={!both || !canAdd}
        onClick={() => onAdd(appStoreRules(stores.ios, stores.android))}
      >
        Add app-store rules first
      </Button>
    </Stack>
  );
}
