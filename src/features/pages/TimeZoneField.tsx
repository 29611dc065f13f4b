import { useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { Field, NativeSelect } from '@chakra-ui/react';

/** The zones Intl knows (UTC first). */
function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

/** The page's `timeZone`, in which its wall-clock times are entered and shown (a coupon's validity, an event). */
export function TimeZoneField({ hint }: { hint: string }) {
  const { register, getValues } = useFormContext();
  const zones = useMemo(() => {
    const all = timeZones();
    const current = String(getValues('timeZone'));
    return all.includes(current) ? all : [current, ...all];
  }, [getValues]);
  return (
    <Field.Root>
      <Field.Label>Time zone</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...register('timeZone')}>
          {zones.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>{hint}</Field.HelperText>
    </Field.Root>
  );
}
