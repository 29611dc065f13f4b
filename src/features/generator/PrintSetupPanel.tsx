import { Alert, chakra, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { checkCmyk } from '../../qr-ui/printColour.ts';
import {
  changeUnit,
  fromMm,
  PRINT_COLOURS,
  PRINT_UNITS,
  type PrintCheck,
  type PrintForm,
  type PrintUnit,
} from '../../qr-ui/printSetup.ts';
import { MIN_MODULE_MM, type PrintColour } from '../../worker-client/index.ts';

interface PrintSetupPanelProps {
  /**
   * 'pdf': the print-ready PDF (size, bleed, crop marks, colours); 'eps': the EPS (size and colours: bleed and marks
   * belong to the layout it is placed in); 'window': the print window (size only).
   */
  target: 'pdf' | 'eps' | 'window';
  form: PrintForm;
  onChange: (form: PrintForm) => void;
  /** The code's smallest safe size, null until the worker has answered. */
  minSizeMm: number | null;
  check: PrintCheck | null;
  fg: string;
  bg: string;
  /** The design has a logo: in CMYK its pixels are converted too. */
  hasLogo: boolean;
}

function cmykText([c, m, y, k]: readonly number[]): string {
  return `C ${c} M ${m} Y ${y} K ${k}`;
}

/** The print setup under the format choice: physical size with its floor, and for the PDF bleed, marks, colours. */
export function PrintSetupPanel({ target, form, onChange, minSizeMm, check, fg, bg, hasLogo }: PrintSetupPanelProps) {
  const error = check && !check.ok ? check : null;
  const withColours = target !== 'window';
  const shifted =
    withColours && form.colour === 'cmyk'
      ? [
          { name: 'foreground', hex: fg, result: checkCmyk(fg) },
          { name: 'background', hex: bg, result: checkCmyk(bg) },
        ].filter((c) => c.result?.visible)
      : [];
  return (
    <Stack gap="3" w="full" maxW="sm" p="3" borderWidth="1px" borderRadius="md" role="group" aria-label="Print setup">
      <HStack align="start" gap="2">
        <Field.Root invalid={error?.field === 'size'} flex="1">
          <Field.Label>Print size</Field.Label>
          <Input
            type="number"
            inputMode="decimal"
            min="0"
            step={form.unit === 'in' ? '0.01' : '0.1'}
            value={form.size}
            onChange={(e) => onChange({ ...form, size: e.target.value })}
          />
          {minSizeMm !== null && (
            <Field.HelperText>
              Smallest safe size: {fromMm(minSizeMm, form.unit, true)} {form.unit} ({MIN_MODULE_MM} mm per module).
            </Field.HelperText>
          )}
          {error?.field === 'size' && <Field.ErrorText>{error.message}</Field.ErrorText>}
        </Field.Root>
        <Field.Root w="20">
          <Field.Label>Unit</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={form.unit}
              onChange={(e) => onChange(changeUnit(form, e.target.value as PrintUnit))}
            >
              {PRINT_UNITS.map((u) => (
                <option key={u.value} value={u.value}>
                  {u.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </HStack>
      {target === 'pdf' && (
        <>
          <Field.Root invalid={error?.field === 'bleed'}>
            <Field.Label>Bleed ({form.unit})</Field.Label>
            <Input
              type="number"
              inputMode="decimal"
              min="0"
              step={form.unit === 'in' ? '0.01' : '0.5'}
              value={form.bleed}
              onChange={(e) => onChange({ ...form, bleed: e.target.value })}
            />
            <Field.HelperText>The background carried past the cut on every side.</Field.HelperText>
            {error?.field === 'bleed' && <Field.ErrorText>{error.message}</Field.ErrorText>}
          </Field.Root>
          {/* A native checkbox: Chakra's Checkbox needs a recipe the first-paint theme leaves out (src/app/theme.ts). */}
          <HStack as="label" gap="2" fontSize="sm" cursor="pointer">
            <chakra.input
              type="checkbox"
              checked={form.cropMarks}
              onChange={(e) => onChange({ ...form, cropMarks: e.target.checked })}
              boxSize="4"
              accentColor="brand.solid"
            />
            Crop marks
          </HStack>
        </>
      )}
      {withColours && (
        <>
          <Field.Root>
            <Field.Label>Colours</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={form.colour}
                onChange={(e) => onChange({ ...form, colour: e.target.value as PrintColour })}
              >
                {PRINT_COLOURS.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {form.colour === 'cmyk' && (
              <Field.HelperText>
                Foreground {cmykText(checkCmyk(fg)?.cmyk ?? [])}, background {cmykText(checkCmyk(bg)?.cmyk ?? [])}.
                {hasLogo && ' The logo is converted by the same formula: check its brand colours on a proof.'}
              </Field.HelperText>
            )}
          </Field.Root>
          {shifted.length > 0 && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Description>
                {shifted.map((c) => (
                  <Text key={c.name}>
                    The {c.name} {c.hex} will print visibly different in CMYK (ΔE {Math.round(c.result?.deltaE ?? 0)}).
                  </Text>
                ))}
              </Alert.Description>
            </Alert.Root>
          )}
        </>
      )}
    </Stack>
  );
}
