import type { QrTypeId } from '../content/qrTypes.ts';
import { isPayloadEmpty } from './build.ts';
import { isUrlType, type PayloadValues } from './fields.ts';

export type GeneratorSurface = 'landing' | 'create';

export interface ValidationProblem {
  /** Toast title. */
  title: string;
  /** Toast description, and the inline message. */
  description: string;
  field?: keyof PayloadValues;
}

const EMPTY = 'Please enter content for your QR code';

/**
 * Spec §5, "Generate": landing reports an empty content as an error; /create as the toast "Content Required".
 * /create also requires URL types to start with http:// or https:// (the spec names website, pdf, images and
 * video; every type whose content is a link gets the same check, because a scheme-less link does not open).
 * Returns the first problem, or null when Generate may go ahead.
 */
export function validateForGenerate(
  type: QrTypeId,
  values: PayloadValues,
  surface: GeneratorSurface,
): ValidationProblem | null {
  if (isPayloadEmpty(type, values)) {
    return surface === 'create'
      ? { title: 'Content Required', description: EMPTY }
      : { title: 'Error', description: EMPTY };
  }
  if (surface === 'create' && isUrlType(type)) {
    const url = (values.url ?? '').trim();
    if (!/^https?:\/\//i.test(url)) {
      return { title: 'Invalid URL', description: 'URL must start with http:// or https://', field: 'url' };
    }
  }
  return null;
}
