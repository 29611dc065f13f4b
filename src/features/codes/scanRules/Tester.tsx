import { useState } from 'react';
import { Checkbox, Field, Input, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { evaluateScan } from '../../../shared/rules/evaluate.ts';
import type { ScanSettings } from '../../../shared/rules/schema.ts';
import type { SavedCode } from '../codeModel.ts';
import {
  describeDecision,
  instantFromLocal,
  localFromInstant,
  SAMPLE_VISITORS,
  testerFacts,
  type SampleVisitor,
  type TesterInput,
} from './scanRulesModel.ts';
import { Section } from './Section.tsx';

/** `valid`: the settings as the schema accepted them, null while they have problems. */
export function Tester({
  code,
  valid,
  hasPassword,
}: {
  code: SavedCode;
  valid: ScanSettings | null;
  hasPassword: boolean;
}) {
  const [input, setInput] = useState<TesterInput>({
    visitor: 'iphone',
    country: 'US',
    language: 'en-US',
    query: '',
    bucket: 0,
    passwordOk: true,
  });
  const [at, setAt] = useState(() => localFromInstant(new Date().toISOString()));
  const when = instantFromLocal(at);
  const answer = valid
    ? describeDecision(
        evaluateScan(
          {
            destination: code.destination ?? '',
            paused: code.status === 'paused',
            settings: valid,
            hasPassword,
            capUsed: 0,
          },
          testerFacts(input),
          when ? new Date(when) : new Date(),
        ),
        valid,
      )
    : 'Fix the problems above to test the rules.';
  return (
    <Section title="Test a scan">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="2">
        <Field.Root>
          <Field.Label fontSize="sm">Visitor’s device</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={input.visitor}
              onChange={(e) => setInput({ ...input, visitor: e.target.value as SampleVisitor })}
            >
              {Object.entries(SAMPLE_VISITORS).map(([id, v]) => (
                <option key={id} value={id}>
                  {v.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label fontSize="sm">Country</Field.Label>
          <Input size="sm" value={input.country} onChange={(e) => setInput({ ...input, country: e.target.value })} />
        </Field.Root>
        <Field.Root>
          <Field.Label fontSize="sm">Language</Field.Label>
          <Input size="sm" value={input.language} onChange={(e) => setInput({ ...input, language: e.target.value })} />
        </Field.Root>
        <Field.Root>
          <Field.Label fontSize="sm">Time of the scan</Field.Label>
          <Input size="sm" type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label fontSize="sm">Scan link parameters</Field.Label>
          <Input
            size="sm"
            placeholder="table=12"
            value={input.query}
            onChange={(e) => setInput({ ...input, query: e.target.value })}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label fontSize="sm">Visitor number (0–9999, for the A/B split)</Field.Label>
          <Input
            size="sm"
            type="number"
            min={0}
            max={9999}
            value={input.bucket}
            onChange={(e) => setInput({ ...input, bucket: Number(e.target.value) })}
          />
        </Field.Root>
      </SimpleGrid>
      {hasPassword && (
        <Checkbox.Root
          size="sm"
          checked={input.passwordOk}
          onCheckedChange={(e) => setInput({ ...input, passwordOk: e.checked === true })}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>The visitor has entered the password</Checkbox.Label>
        </Checkbox.Root>
      )}
      <Text role="status" aria-label="Test result" fontSize="sm" fontWeight="semibold" wordBreak="break-all">
        {answer}
      </Text>
    </Section>
  );
}
