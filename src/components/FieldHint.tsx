import { Text, type TextProps } from '@chakra-ui/react';

/**
 * A field's helper text, styled as Chakra's `Field.HelperText`, for forms on prerendered pages. Ark's field finds
 * its helper text in a layout effect and sets state when there is one: during hydration that update re-rendered
 * the whole page synchronously, one long task (docs/first-paint.md). The caller lists `id` in the control's
 * `aria-describedby` itself.
 */
export function FieldHint(props: TextProps & { id: string }) {
  return <Text color="fg.muted" textStyle="xs" {...props} />;
}
