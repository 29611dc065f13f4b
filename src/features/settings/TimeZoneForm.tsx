import { useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Combobox, Portal, Stack, Text, useFilter, useListCollection } from '@chakra-ui/react';
import type { User } from '@supabase/supabase-js';
import { toDataError } from '../../lib/dataError.ts';
import { showToast } from '../auth/showToast.ts';
import { saveTimeZone } from './settingsApi.ts';
import { timeZoneSchema, type TimeZoneValues } from './settingsSchemas.ts';
import { DEVICE_CHOICE, deviceTimeZone, effectiveTimeZone, storedTimeZone, timeZoneChoices } from './timeZone.ts';

/**
 * The zone analytics are shown in, saved in user_metadata.time_zone (PUT /auth/v1/user merges `data`), so it
 * follows the account to other devices. A searchable list of IANA zones; the default stores nothing and uses the
 * zone of whichever device is in use.
 */
export function TimeZoneForm({ user }: { user: User }) {
  const helpId = useId();
  const [device] = useState(deviceTimeZone);
  const saved = storedTimeZone(user.user_metadata);
  const choices = useMemo(() => timeZoneChoices(device, new Date(), saved), [device, saved]);
  const labelOf = (value: string) => choices.find((c) => c.value === value)?.label ?? value;
  const { contains } = useFilter({ sensitivity: 'base' });
  const { collection, filter } = useListCollection({ initialItems: choices, filter: contains });
  const { control, handleSubmit, formState, reset } = useForm<TimeZoneValues>({
    resolver: zodResolver(timeZoneSchema),
    defaultValues: { timeZone: saved ?? DEVICE_CHOICE },
  });

  const onValid = async ({ timeZone }: TimeZoneValues) => {
    let saved: User | null;
    try {
      saved = await saveTimeZone(timeZone);
    } catch (error) {
      showToast({ title: 'Time zone not saved', description: toDataError(error).message }, 'error');
      return;
    }
    reset({ timeZone });
    const shown = effectiveTimeZone(saved?.user_metadata, device);
    showToast({ title: 'Time zone saved', description: `Analytics are shown in ${shown}.` }, 'success');
  };

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate aria-label="Time zone">
      <Stack gap="4" maxW="md">
        <Controller
          control={control}
          name="timeZone"
          render={({ field, fieldState }) => (
            <Stack gap="1.5">
              <Combobox.Root
                collection={collection}
                value={[field.value]}
                defaultInputValue={labelOf(field.value)}
                onValueChange={(e) => field.onChange(e.value[0] ?? DEVICE_CHOICE)}
                // Only typing narrows the list; opening it after a choice shows every zone again.
                onInputValueChange={(e) => filter(e.reason === 'input-change' ? e.inputValue : '')}
                onInteractOutside={field.onBlur}
                openOnClick
                invalid={Boolean(fieldState.error)}
              >
                <Combobox.Label>Time zone</Combobox.Label>
                <Combobox.Control>
                  <Combobox.Input placeholder="Type to search, e.g. Berlin" aria-describedby={helpId} />
                  <Combobox.IndicatorGroup>
                    <Combobox.Trigger aria-label="Show all time zones" />
                  </Combobox.IndicatorGroup>
                </Combobox.Control>
                <Portal>
                  <Combobox.Positioner>
                    <Combobox.Content maxH="72" overflowY="auto">
                      <Combobox.Empty>No time zone matches</Combobox.Empty>
                      {collection.items.map((item) => (
                        <Combobox.Item item={item} key={item.value}>
                          {item.label}
                          <Combobox.ItemIndicator />
                        </Combobox.Item>
                      ))}
                    </Combobox.Content>
                  </Combobox.Positioner>
                </Portal>
              </Combobox.Root>
              <Text id={helpId} fontSize="sm" color="gray.700">
                Days and times in Analytics and on the Dashboard use this zone. It is saved with your account.
              </Text>
              {fieldState.error && (
                <Text role="alert" fontSize="sm" color="red.600">
                  {fieldState.error.message}
                </Text>
              )}
            </Stack>
          )}
        />
        <Button
          type="submit"
          colorPalette="brand"
          alignSelf="start"
          loading={formState.isSubmitting}
          loadingText="Saving..."
        >
          Save time zone
        </Button>
      </Stack>
    </form>
  );
}
