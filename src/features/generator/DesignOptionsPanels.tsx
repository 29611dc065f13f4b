/**
 * The design options' controls (eyes, gradient, background and margin, templates), loaded with their tab: they
 * are not part of the generator's first paint (DesignTabs renders them only once their tab is chosen).
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { Alert, Field, HStack, Input, NativeSelect, RadioCard, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { colorWarning, EYE_SHAPE_OPTIONS, GRADIENT_OPTIONS, SAFE_MARGIN } from '../../qr-ui/index.ts';
import {
  DESIGN_DEFAULTS,
  hexToRgb,
  MAX_MARGIN,
  MIN_MARGIN,
  relativeLuminance,
  type EyeShape,
  type Gradient,
} from '../../worker-client/index.ts';
import { ColorField, OptionCards } from './designControls.tsx';
import type { GeneratorAtoms } from './generatorAtoms.ts';
import { TemplatesPanel } from '../templates/TemplatesPanel.tsx';

/** Eye ring and centre: shapes and colours of their own (empty colour: the modules' paint). */
function EyesPanel({ atoms }: { atoms: GeneratorAtoms }) {
  const design = useAtomValue(atoms.designAtom);
  const setDesign = useSetAtom(atoms.setDesignAtom);
  const frameColour = design.eyeFrameColour ?? null;
  const centreColour = design.eyeCentreColour ?? null;
  const warnings = [
    frameColour && colorWarning(frameColour, design.bg) ? 'The eye frame colour' : null,
    centreColour && colorWarning(centreColour, design.bg) ? 'The eye centre colour' : null,
  ].filter(Boolean);
  return (
    <Stack gap="4">
      <OptionCards
        label="Eye frame shape"
        options={EYE_SHAPE_OPTIONS}
        value={design.eyeFrame ?? DESIGN_DEFAULTS.eyeFrame}
        onChange={(eyeFrame: EyeShape) => setDesign({ eyeFrame })}
        columns={{ base: 2, sm: 5 }}
      />
      <OptionCards
        label="Eye centre shape"
        options={EYE_SHAPE_OPTIONS}
        value={design.eyeCentre ?? DESIGN_DEFAULTS.eyeCentre}
        onChange={(eyeCentre: EyeShape) => setDesign({ eyeCentre })}
        columns={{ base: 2, sm: 5 }}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <OptionalColour
          label="Eye frame color"
          value={frameColour}
          fallback={design.fg}
          onChange={(eyeFrameColour) => setDesign({ eyeFrameColour })}
        />
        <OptionalColour
          label="Eye centre color"
          value={centreColour}
          fallback={design.fg}
          onChange={(eyeCentreColour) => setDesign({ eyeCentreColour })}
        />
      </SimpleGrid>
      {warnings.length > 0 && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>
            {warnings.join(' and ')} must be darker than the background (contrast at least 3:1), or scanners lose the
            eyes. Pick a darker colour.
          </Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}

/** A colour that may be left to follow the modules ("Same as modules"). */
function OptionalColour({
  label,
  value,
  fallback,
  onChange,
}: {
  label: string;
  value: string | null;
  fallback: string;
  onChange: (v: string | null) => void;
}) {
  const own = value !== null;
  return (
    <Stack gap="2">
      <Field.Root>
        <Field.Label>{`${label} source`}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={own ? 'own' : 'modules'}
            onChange={(e) => onChange(e.currentTarget.value === 'own' ? (value ?? fallback) : null)}
          >
            <option value="modules">Same as modules</option>
            <option value="own">Own colour</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {own && <ColorField label={label} value={value} onChange={onChange} />}
    </Stack>
  );
}

const DEFAULT_STOPS = ['#1A2BB2', '#9333EA', '#000000'];

/** Gradient for the modules: none, linear (with an angle) or radial, two or three colours. */
function GradientPanel({ atoms }: { atoms: GeneratorAtoms }) {
  const design = useAtomValue(atoms.designAtom);
  const setDesign = useSetAtom(atoms.setDesignAtom);
  const g = design.gradient ?? null;
  const set = (patch: Partial<Gradient> | null) =>
    setDesign({
      gradient:
        patch === null ? null : { type: 'linear', angle: 0, stops: [design.fg, DEFAULT_STOPS[1]!], ...g, ...patch },
    });
  const fading = g ? g.stops.map((c, i) => (colorWarning(c, design.bg) ? i + 1 : 0)).filter(Boolean) : [];
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        <Field.Root>
          <Field.Label>Gradient</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={g?.type ?? 'none'}
              onChange={(e) => {
                const v = e.currentTarget.value;
                set(v === 'none' ? null : { type: v as Gradient['type'] });
              }}
            >
              {GRADIENT_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {g && (
          <Field.Root>
            <Field.Label>Gradient colours</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={String(g.stops.length)}
                onChange={(e) =>
                  set({
                    stops:
                      e.currentTarget.value === '3'
                        ? [g.stops[0]!, g.stops[1]!, g.stops[2] ?? DEFAULT_STOPS[2]!]
                        : g.stops.slice(0, 2),
                  })
                }
              >
                <option value="2">Two</option>
                <option value="3">Three</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
        {g?.type === 'linear' && (
          <Field.Root>
            <Field.Label>Gradient angle (degrees)</Field.Label>
            <Input
              type="number"
              min={0}
              max={360}
              step={15}
              value={g.angle}
              onChange={(e) => {
                const angle = Number(e.target.value);
                if (Number.isFinite(angle)) set({ angle: ((angle % 360) + 360) % 360 });
              }}
            />
          </Field.Root>
        )}
      </SimpleGrid>
      {g && (
        <SimpleGrid columns={{ base: 1, sm: g.stops.length }} gap="3">
          {g.stops.map((c, i) => (
            <ColorField
              key={i}
              label={`Gradient colour ${i + 1}`}
              value={c}
              onChange={(v) => set({ stops: g.stops.map((s, j) => (j === i ? v : s)) })}
            />
          ))}
        </SimpleGrid>
      )}
      {fading.length > 0 && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>
            {`Gradient colour ${fading.join(' and ')} fades into the background: scanners would lose those modules. Pick a darker colour.`}
          </Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}

/** Relative luminance above which a transparent code's modules may vanish on a light page. */
const LIGHT_FOREGROUND = 0.4;

/** Transparent background and the quiet zone. */
function BackgroundPanel({ atoms }: { atoms: GeneratorAtoms }) {
  const design = useAtomValue(atoms.designAtom);
  const setDesign = useSetAtom(atoms.setDesignAtom);
  const transparent = design.transparent === true;
  const margin = design.margin ?? DESIGN_DEFAULTS.margin;
  const colours = design.gradient ? design.gradient.stops : [design.fg];
  const light = colours.some((c) => {
    const rgb = hexToRgb(c);
    return rgb !== null && relativeLuminance(rgb) > LIGHT_FOREGROUND;
  });
  return (
    <Stack gap="4">
      <RadioCard.Root
        value={transparent ? 'transparent' : 'colour'}
        onValueChange={(e) => setDesign({ transparent: e.value === 'transparent' })}
        size="sm"
        colorPalette="brand"
      >
        <RadioCard.Label>Background</RadioCard.Label>
        <SimpleGrid columns={2} gap="2">
          {[
            { value: 'colour', label: 'Background colour', description: 'Painted in every file' },
            { value: 'transparent', label: 'Transparent', description: 'PNG, WebP, SVG and PDF' },
          ].map((o) => (
            <RadioCard.Item key={o.value} value={o.value}>
              <RadioCard.ItemHiddenInput />
              <RadioCard.ItemControl>
                <RadioCard.ItemContent>
                  <RadioCard.ItemText>{o.label}</RadioCard.ItemText>
                  <RadioCard.ItemDescription>{o.description}</RadioCard.ItemDescription>
                </RadioCard.ItemContent>
              </RadioCard.ItemControl>
            </RadioCard.Item>
          ))}
        </SimpleGrid>
      </RadioCard.Root>
      {transparent && (
        <Text fontSize="sm" color="fg.muted">
          JPEG has no transparency: it is filled with the background colour. EPS leaves the background unpainted.
        </Text>
      )}
      {transparent && light && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>
            The foreground is light: on a transparent background it will vanish on a light page. Use a dark foreground,
            or keep the background colour.
          </Alert.Description>
        </Alert.Root>
      )}
      <Field.Root>
        <Field.Label>Margin (quiet zone, in modules)</Field.Label>
        <HStack>
          <Input
            type="number"
            min={MIN_MARGIN}
            max={MAX_MARGIN}
            step={1}
            value={margin}
            w="24"
            onChange={(e) => {
              const v = Number(e.target.value);
              if (Number.isInteger(v) && v >= MIN_MARGIN && v <= MAX_MARGIN) setDesign({ margin: v });
            }}
          />
          <Text
            fontSize="sm"
            color="fg.muted"
          >{`${MIN_MARGIN} to ${MAX_MARGIN}; ${DESIGN_DEFAULTS.margin} is standard.`}</Text>
        </HStack>
      </Field.Root>
      {margin < SAFE_MARGIN && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>
            {`A margin under ${SAFE_MARGIN} modules can keep scanners from finding the code, unless it is printed on a plain area with space around it.`}
          </Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}

/** One lazily loaded entry for the design tabs: the panel of the chosen tab. */
export function DesignOptionsPanel({
  atoms,
  which,
}: {
  atoms: GeneratorAtoms;
  which: 'gradient' | 'eyes' | 'background' | 'templates';
}) {
  switch (which) {
    case 'gradient':
      return <GradientPanel atoms={atoms} />;
    case 'eyes':
      return <EyesPanel atoms={atoms} />;
    case 'background':
      return <BackgroundPanel atoms={atoms} />;
    case 'templates':
      return <TemplatesPanel atoms={atoms} />;
  }
}
