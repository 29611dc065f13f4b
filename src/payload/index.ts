export { buildPayload, isPayloadEmpty } from './build.ts';
export { ENCRYPTION_OPTIONS, fieldsFor, isUrlType, URL_TYPES } from './fields.ts';
export type { FieldName, PayloadField, PayloadValues, UrlTypeId } from './fields.ts';
export { validateForGenerate } from './validate.ts';
export type { GeneratorSurface, ValidationProblem } from './validate.ts';
export { escapeIcalText, escapeVcard, escapeWifi } from './escape.ts';
