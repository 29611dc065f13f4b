import { useFieldArray, useFormContext } from 'react-hook-form';
import { Checkbox, Stack } from '@chakra-ui/react';
import { MAX_FEEDBACK_CHOICES } from '../../shared/pages/schema.ts';
import type { FeedbackValues } from './pageValues.ts';
import { AddRowButton, Group, ListRow, PageField, ThemeFields } from './formParts.tsx';

/** One of the two optional questions every feedback page can ask, as a native checkbox. */
function AskBox({ name, label }: { name: 'askComment' | 'askEmail'; label: string }) {
  const { register, getValues } = useFormContext<FeedbackValues>();
  return (
    // The box shows the form's value from the start (a new page asks for a comment; a saved one as it was saved).
    <Checkbox.Root size="sm" defaultChecked={getValues(name)}>
      <Checkbox.HiddenInput {...register(name)} />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/**
 * Feedback: a title, an intro, the rating question (1 to 5 stars, always asked), an optional comment box and email
 * field, an optional choice question with 2 to 6 options (left out while it has no question), and the thank-you
 * message. Answers arrive in My QR Codes (the code's Feedback).
 */
export function FeedbackFields() {
  const { control } = useFormContext<FeedbackValues>();
  const options = useFieldArray({ control, name: 'choice.options' });
  return (
    <Stack gap="4">
      <PageField name="title" label="Title" required placeholder="How was your visit?" />
      <PageField name="intro" label="Intro" multiline />
      <PageField name="ratingQuestion" label="Rating question" required placeholder="How would you rate us?" />
      <Group legend="Also ask for">
        <AskBox name="askComment" label="A comment (optional for the visitor)" />
        <AskBox name="askEmail" label="An email address for a reply (optional for the visitor)" />
      </Group>
      <Group legend="Choice question (optional)">
        <PageField name="choice.question" label="Question" placeholder="What brought you here?" />
        {options.fields.map((row, i) => (
          <ListRow
            key={row.id}
            legend={`Option ${i + 1}`}
            index={i}
            count={options.fields.length}
            onMove={options.move}
            onRemove={() => options.remove(i)}
          >
            <PageField name={`choice.options.${i}.label`} label="Answer" errorName={`choice.options.${i}`} />
          </ListRow>
        ))}
        <AddRowButton
          label="Add option"
          full={options.fields.length >= MAX_FEEDBACK_CHOICES}
          limit={`A choice question has up to ${MAX_FEEDBACK_CHOICES} options.`}
          onAdd={() => options.append({ label: '' })}
        />
      </Group>
      <PageField name="thanks" label="Thank-you message" multiline placeholder="Thank you for your feedback!" />
      <ThemeFields />
    </Stack>
  );
}
