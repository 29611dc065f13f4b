import { useRef, useState } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import {
  Alert,
  Box,
  Button,
  Field,
  HStack,
  Input,
  RadioCard,
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
import { checkLogoFile } from './logoFile.ts';
import type { GeneratorAtoms } from './generatorAtoms.ts';
import { FieldHint } from '../../components/FieldHint.tsx';

function OptionCards<T extends string>({
  label,
  options,
  value,
  onChange,
  columns,
}: {
  label: string;
  options: readonly { value: T; label: string; description?: string }[];
  value: T;
  onChange: (value: T) => void;
  columns: Record<string, number>;
}) {
  return (
    <RadioCard.Root
      value={value}
      onValueChange={(e) => e.value && onChange(e.value as T)}
      size="sm"
      colorPalette="brand"
    >
      <RadioCard.Label>{label}</RadioCard.Label>
      <SimpleGrid columns={columns} gap="2">
        {options.map((option) => (
          <RadioCard.Item key={option.value} value={option.value}>
            <RadioCard.ItemHiddenInput />
            <RadioCard.ItemControl>
              <RadioCard.ItemContent>
                <RadioCard.ItemText>{option.label}</RadioCard.ItemText>
                {option.description && <RadioCard.ItemDescription>{option.description}</RadioCard.ItemDescription>}
              </RadioCard.ItemContent>
            </RadioCard.ItemControl>
          </RadioCard.Item>
        ))}
      </SimpleGrid>
    </RadioCard.Root>
  );
}

function ColorField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <HStack>
        <Input
          type="color"
          aria-label={`${label} picker`}
          value={value}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
          w="12"
          p="1"
        />
        <Input
          aria-label={`${label} hex`}
          value={value}
          maxLength={7}
          onChange={(e) => {
            const next = e.target.value.trim();
            if (/^#[0-9a-fA-F]{6}$/.test(next)) onChange(next.toUpperCase());
          }}
          fontFamily="mono"
        />
      </HStack>
    </Field.Root>
  );
}

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

/** Spec §2 step 2: Frame (default), Shape & Colors, Logo, Error Level. */
export function DesignTabs({ atoms }: { atoms: GeneratorAtoms }) {
  const design = useAtomValue(atoms.designAtom);
  const setDesign = useSetAtom(atoms.setDesignAtom);
  const warning = colorWarning(design.fg, design.bg);

  return (
    <Tabs.Root defaultValue="frame" variant="line" colorPalette="brand">
      <Tabs.List flexWrap="wrap">
        <Tabs.Trigger value="frame">Frame</Tabs.Trigger>
        <Tabs.Trigger value="shape">Shape &amp; Colors</Tabs.Trigger>
        <Tabs.Trigger value="logo">Logo</Tabs.Trigger>
        <Tabs.Trigger value="ecl">Error Level</Tabs.Trigger>
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
    </Tabs.Root>
  );
}
