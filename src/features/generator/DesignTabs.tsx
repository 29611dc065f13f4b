import { Suspense, useRef, useState } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import {
  Alert,
  Box,
  Button,
  Field,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import {
  COLOR_PRESETS,
  colorWarning,
  ECL_OPTIONS,
  FRAME_OPTIONS,
  LOGO_ACCEPT,
  SHAPE_OPTIONS,
} from '../../qr-ui/index.ts';
import { DEFAULT_FRAME_TEXT, MAX_FRAME_TEXT } from '../../worker-client/index.ts';
import { lazyWithPreload, preloadOnIntent } from '../../components/lazyWithPreload.ts';
import { ColorField, OptionCards } from './designControls.tsx';
import { checkLogoFile } from './logoFile.ts';
import type { GeneratorAtoms } from './generatorAtoms.ts';
import { FieldHint } from '../../components/FieldHint.tsx';

function LogoPanel({ atoms }: { atoms: GeneratorAtoms }) {
  const [logo, setLogo] = useAtom(atoms.logoAtom);
  const [rejection, setRejection] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <Stack gap="3">
      <Field.Root>
        <Field.Label htmlFor="logo-upload">Upload logo</Field.Label>
        <input
          ref={inputRef}
          id="logo-upload"
          aria-describedby="logo-upload-hint"
          type="file"
          accept={LOGO_ACCEPT}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            const problem = checkLogoFile(file);
            setRejection(problem?.message ?? null);
            if (!problem) setLogo({ id: crypto.randomUUID(), name: file.name, file });
          }}
        />
        <FieldHint id="logo-upload-hint">PNG, JPEG or SVG, at most 2 MB.</FieldHint>
      </Field.Root>
      {rejection && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{rejection}</Alert.Description>
        </Alert.Root>
      )}
      {logo && (
        <HStack justify="space-between">
          <Text fontSize="sm">
            Logo: <strong>{logo.name}</strong>
          </Text>
          <Button size="xs" variant="outline" onClick={() => setLogo(null)}>
            Remove logo
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

// The design options' controls load with their tab (or on intent), not with the generator's first paint.
const DesignOptionsPanel = lazyWithPreload(() =>
  import('./DesignOptionsPanels.tsx').then((m) => ({ default: m.DesignOptionsPanel })),
);
const preloadPanels = preloadOnIntent(DesignOptionsPanel.preload);

/**
 * Spec §2 step 2: Frame (default), Shape & Colors, Logo, Error Level; then the design options: Eyes,
 * Background & Margin, Templates (docs/design-options.md).
 */
export function DesignTabs({ atoms }: { atoms: GeneratorAtoms }) {
  const design = useAtomValue(atoms.designAtom);
  const setDesign = useSetAtom(atoms.setDesignAtom);
  const warning = colorWarning(design.fg, design.bg);
  const [tab, setTab] = useState('frame');
  const lazyPanel = (which: 'gradient' | 'eyes' | 'background' | 'templates') =>
    tab === (which === 'gradient' ? 'shape' : which) && (
      <Suspense fallback={null}>
        <DesignOptionsPanel atoms={atoms} which={which} />
      </Suspense>
    );

  return (
    <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" colorPalette="brand">
      <Tabs.List flexWrap="wrap">
        <Tabs.Trigger value="frame">Frame</Tabs.Trigger>
        <Tabs.Trigger value="shape" {...preloadPanels}>
          Shape &amp; Colors
        </Tabs.Trigger>
        <Tabs.Trigger value="logo">Logo</Tabs.Trigger>
        <Tabs.Trigger value="ecl">Error Level</Tabs.Trigger>
        <Tabs.Trigger value="eyes" {...preloadPanels}>
          Eyes
        </Tabs.Trigger>
        <Tabs.Trigger value="background" {...preloadPanels}>
          Background &amp; Margin
        </Tabs.Trigger>
        <Tabs.Trigger value="templates" {...preloadPanels}>
          Templates
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="frame">
        <Stack gap="3">
          <OptionCards
            label="Frame style"
            options={FRAME_OPTIONS}
            value={design.frame}
            onChange={(frame) => setDesign({ frame })}
            columns={{ base: 2, sm: 4 }}
          />
          <Field.Root disabled={design.frame === 'none'}>
            <Field.Label>Frame text</Field.Label>
            <Input
              value={design.frameText}
              maxLength={MAX_FRAME_TEXT}
              placeholder={DEFAULT_FRAME_TEXT}
              onChange={(e) => setDesign({ frameText: e.target.value })}
            />
          </Field.Root>
        </Stack>
      </Tabs.Content>
      <Tabs.Content value="shape">
        <Stack gap="4">
          <OptionCards
            label="Module shape"
            options={SHAPE_OPTIONS}
            value={design.shape}
            onChange={(shape) => setDesign({ shape })}
            columns={{ base: 2, sm: 3 }}
          />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <ColorField label="Foreground color" value={design.fg} onChange={(fg) => setDesign({ fg })} />
            <ColorField label="Background color" value={design.bg} onChange={(bg) => setDesign({ bg })} />
          </SimpleGrid>
          <Box>
            <Text fontSize="sm" fontWeight="medium" mb="2" id="presets-label">
              Color presets
            </Text>
            <HStack wrap="wrap" gap="2" role="group" aria-labelledby="presets-label">
              {COLOR_PRESETS.map((preset) => (
                <Button
                  key={preset.name}
                  size="xs"
                  variant="outline"
                  onClick={() => setDesign({ fg: preset.fg, bg: preset.bg })}
                >
                  <Box w="3" h="3" borderRadius="full" bg={preset.fg} aria-hidden="true" />
                  {preset.name}
                  <VisuallyHidden>{` (${preset.fg} on ${preset.bg})`}</VisuallyHidden>
                </Button>
              ))}
            </HStack>
          </Box>
          {lazyPanel('gradient')}
          {warning && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Description>
                {warning === 'inverted'
                  ? 'The foreground is lighter than the background: many scanners cannot read inverted codes. Use a dark foreground on a light background.'
                  : 'The colours are too close: scanners may not tell modules from background. Pick a darker foreground or a lighter background.'}
              </Alert.Description>
            </Alert.Root>
          )}
        </Stack>
      </Tabs.Content>
      <Tabs.Content value="logo">
        <LogoPanel atoms={atoms} />
      </Tabs.Content>
      <Tabs.Content value="ecl">
        <Stack gap="3">
          <OptionCards
            label="Error correction level"
            options={ECL_OPTIONS.map((o) => ({
              value: o.value,
              label: `${o.value} (${o.percent})`,
              description: `${o.label}: ${o.description}`,
            }))}
            value={design.ecl}
            onChange={(ecl) => setDesign({ ecl })}
            columns={{ base: 2, sm: 4 }}
          />
          <Text fontSize="sm" color="fg.muted">
            Tip: use error level H or Q when you add a logo, so the code still scans with part of it covered.
          </Text>
        </Stack>
      </Tabs.Content>
      <Tabs.Content value="eyes">{lazyPanel('eyes')}</Tabs.Content>
      <Tabs.Content value="background">{lazyPanel('background')}</Tabs.Content>
      <Tabs.Content value="templates">{lazyPanel('templates')}</Tabs.Content>
    </Tabs.Root>
  );
}
