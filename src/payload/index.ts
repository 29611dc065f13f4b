// The payload module as the generator uses it: fields per type, the payload text, and the Generate check.
export { buildPayload } from './build.ts';
export { fieldsFor, isUrlType } from './fields.ts';
export type { PayloadField, PayloadValues } from './fields.ts';
export { validateForGenerate } from './validate.ts';
