import { useState } from 'react';
import { Checkbox, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { BROWSERS, DEVICES, OPERATING_SYSTEMS, type Condition } from '../../../shared/rules/schema.ts';
import {
  CONDITION_LABELS,
  instantFromLocal,
  listFromText,
  localFromInstant,
  newCondition,
  type ConditionType,
} from './scanRulesModel.ts';

const WORDS: Record<string, string> = {
  ios: 'iPhone / iPad',
  android: 'Android',
  tablet: 'Tablet',
  mobile: 'Phone',
  desktop: 'Computer',
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
  chromeos: 'ChromeOS',
  chrome: 'Chrome',
  safari: 'Safari',
  firefox: 'Firefox',
  edge: 'Edge',
  samsung: 'Samsung Internet',
  opera: 'Opera',
};
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

interface Props {
  condition: Condition;
  /** Names this condition for screen readers: "Rule 2, condition 1". */
  label: string;
  onChange: (condition: Condition) => void;
}

function Choices<T extends string>({
  label,
  options,
  chosen,
  onChange,
}: {
  label: string;
  options: readonly T[];
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
}) {
  return (
    <fieldset>
      <Text as="legend" srOnly>
        {label}
      </Text>
      <HStack gap="3" wrap="wrap">
        {options.map((option) => (
          <Checkbox.Root
            key={option}
            size="sm"
            checked={chosen.includes(option)}
            onCheckedChange={(e) =>
              onChange(e.checked === true ? [...chosen, option] : chosen.filter((c) => c !== option))
            }
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{WORDS[option] ?? option}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </HStack>
    </fieldset>
  );
}

/** A comma-separated list typed freely; the condition gets the parsed list. */
function ListInput({
  label,
  value,
  placeholder,
  normalise,
  onChange,
}: {
  label: string;
  value: readonly string[];
  placeholder: string;
  normalise: (s: string) => string;
  onChange: (list: string[]) => void;
}) {
  const [text, setText] = useState(value.join(', '));
  return (
    <Input
      size="sm"
      aria-label={label}
      value={text}
      placeholder={placeholder}
      onChange={(e) => {
        setText(e.target.value);
        onChange(listFromText(e.target.value, normalise));
      }}
    />
  );
}

/** One condition of a rule: its kind, and the values for that kind. */
export function ConditionEditor({ condition, label, onChange }: Props) {
  return (
    <Stack gap="2">
      <NativeSelect.Root size="sm" maxW="14rem">
        <NativeSelect.Field
          aria-label={`${label}: kind`}
          value={condition.type}
          onChange={(e) => onChange(newCondition(e.target.value as ConditionType))}
        >
          {Object.entries(CONDITION_LABELS).map(([type, text]) => (
            <option key={type} value={type}>
              {text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <ConditionValues condition={condition} label={label} onChange={onChange} />
    </Stack>
  );
}

function ConditionValues({ condition, label, onChange }: Props) {
  switch (condition.type) {
    case 'device':
      return (
        <Choices
          label={`${label}: devices`}
          options={DEVICES}
          chosen={condition.in}
          onChange={(v) => onChange({ ...condition, in: v })}
        />
      );
    case 'os':
      return (
        <Choices
          label={`${label}: systems`}
          options={OPERATING_SYSTEMS}
          chosen={condition.in}
          onChange={(v) => onChange({ ...condition, in: v })}
        />
      );
    case 'browser':
      return (
        <Choices
          label={`${label}: browsers`}
          options={BROWSERS}
          chosen={condition.in}
          onChange={(v) => onChange({ ...condition, in: v })}
        />
      );
    case 'country':
      return (
        <ListInput
          label={`${label}: countries (two-letter codes)`}
          value={condition.in}
          placeholder="US, GB, DE"
          normalise={(s) => s.toUpperCase()}
          onChange={(v) => onChange({ ...condition, in: v })}
        />
      );
    case 'language':
      return (
        <ListInput
          label={`${label}: languages`}
          value={condition.in}
          placeholder="en, de, pt-br"
          normalise={(s) => s.toLowerCase()}
          onChange={(v) => onChange({ ...condition, in: v })}
        />
      );
    case 'time':
      return (
        <Stack gap="2">
          <HStack gap="2">
            <Input
              size="sm"
              type="time"
              aria-label={`${label}: from`}
              value={condition.from}
              onChange={(e) => onChange({ ...condition, from: e.target.value })}
            />
            <Text fontSize="sm">to</Text>
            <Input
              size="sm"
              type="time"
              aria-label={`${label}: to`}
              value={condition.to}
              onChange={(e) => onChange({ ...condition, to: e.target.value })}
            />
          </HStack>
          <Choices
            label={`${label}: weekdays (none: every day)`}
            options={['0', '1', '2', '3', '4', '5', '6'] as const}
            chosen={(condition.days ?? []).map(String) as ('0' | '1' | '2' | '3' | '4' | '5' | '6')[]}
            onChange={(days) => {
              const { days: _omit, ...rest } = condition;
              onChange(days.length ? { ...rest, days: days.map(Number).sort() } : rest);
            }}
          />
          <Text fontSize="xs" color="fg.muted">
            {WEEKDAYS.join(' · ')}: none ticked means every day. Times are in the rules’ time zone.
          </Text>
        </Stack>
      );
    case 'date':
      return (
        <HStack gap="2" wrap="wrap">
          <Field.Root maxW="14rem">
            <Field.Label fontSize="xs">From</Field.Label>
            <Input
              size="sm"
              type="datetime-local"
              aria-label={`${label}: from`}
              value={localFromInstant(condition.after)}
              onChange={(e) => {
                const { after: _omit, ...rest } = condition;
                const after = instantFromLocal(e.target.value);
                onChange(after ? { ...rest, after } : rest);
              }}
            />
          </Field.Root>
          <Field.Root maxW="14rem">
            <Field.Label fontSize="xs">Until</Field.Label>
            <Input
              size="sm"
              type="datetime-local"
              aria-label={`${label}: until`}
              value={localFromInstant(condition.before)}
              onChange={(e) => {
                const { before: _omit, ...rest } = condition;
                const before = instantFromLocal(e.target.value);
                onChange(before ? { ...rest, before } : rest);
              }}
            />
          </Field.Root>
        </HStack>
      );
    case 'query':
      return (
        <HStack gap="2" wrap="wrap">
          <Input
            size="sm"
            maxW="12rem"
            aria-label={`${label}: parameter name`}
            value={condition.name}
            onChange={(e) => onChange({ ...condition, name: e.target.value })}
          />
          <Input
            size="sm"
            maxW="12rem"
            aria-label={`${label}: equals (empty: any value)`}
            placeholder="any value"
            value={condition.equals ?? ''}
            onChange={(e) => {
              const { equals: _omit, ...rest } = condition;
              onChange(e.target.value ? { ...rest, equals: e.target.value } : rest);
            }}
          />
        </HStack>
      );
  }
}
