// Layer 1 of /rest/v1, headers that choose the representation: Accept (content negotiation), Content-Type of a
// body, and Accept-Profile / Content-Profile (the schema). Pure. Follows PostgREST 12 (ApiRequest.hs,
// MediaType.hs, Plan.hs negotiateContent): the first acceptable type in Accept order wins, and a request none of
// whose types can be produced is refused with 415 PGRST107 rather than answered in another type.
import { RestError } from './errors.ts';

/** What a response body is made of. */
export interface Media {
  /** json: a JSON array (or value); csv: a header line and rows (PostgREST's text/csv). */
  format: 'json' | 'csv';
  /** application/vnd.pgrst.object+json: the only row as an object. */
  object: boolean;
  /** `;nulls=stripped`: keys whose value is null are left out (json_strip_nulls). */
  stripNulls: boolean;
  /** The Content-Type of the answer. */
  contentType: string;
}

export const OBJECT_MEDIA = 'application/vnd.pgrst.object+json';
export const JSON_MEDIA: Media = {
  format: 'json',
  object: false,
  stripNulls: false,
  contentType: 'application/json; charset=utf-8',
};

/**
 * The media types of an Accept header, best first, as wai's parseHttpAccept orders them: spaces removed, sorted
 * (stably) by q, then by specificity (parameters minus wildcards). A missing header accepts anything.
 */
export function parseAccept(header: string | undefined): string[] {
  if (header === undefined) return ['*/*'];
  return header
    .split(',')
    .map((part, index) => {
      const s = part.replaceAll(' ', '');
      const at = s.indexOf(';q=');
      const type = at < 0 ? s : s.slice(0, at);
      const qText = at < 0 ? '' : s.slice(at + 3).split(';')[0]!;
      const q = /^\d+(\.\d+)?$/.test(qText) ? Number(qText) : 1;
      const specificity = (type.match(/;/g)?.length ?? 0) - (type.match(/\*/g)?.length ?? 0);
      return { type, q, specificity, index };
    })
    .sort((a, b) => b.q - a.q || b.specificity - a.specificity || a.index - b.index)
    .map((a) => a.type);
}

/** PostgREST's name of a media type (toMime . decodeMediaType): parameters dropped, vendor types canonical. */
function mimeOf(type: string): string {
  if (type === '') return '*/*';
  const [base = '', ...params] = type.split(';');
  if (base === 'application/vnd.pgrst.object+json' || base === 'application/vnd.pgrst.object') {
    return params.length === 1 && params[0] === 'nulls=stripped' ? `${OBJECT_MEDIA};nulls=stripped` : OBJECT_MEDIA;
  }
  if (base === 'application/vnd.pgrst.array+json' || base === 'application/vnd.pgrst.array') {
    return params.length === 1 && params[0] === 'nulls=stripped'
      ? 'application/vnd.pgrst.array+json;nulls=stripped'
      : 'application/json';
  }
  return base;
}

/** The media an answer to `accepts` is given in; 415 PGRST107 when none of them can be produced. */
export function negotiate(accepts: readonly string[]): Media {
  for (const type of accepts) {
    const mime = mimeOf(type);
    if (mime === 'application/json' || mime === '*/*') return JSON_MEDIA;
    if (mime === 'text/csv')
      return { format: 'csv', object: false, stripNulls: false, contentType: 'text/csv; charset=utf-8' };
    if (mime === OBJECT_MEDIA || mime === `${OBJECT_MEDIA};nulls=stripped`) {
      return { format: 'json', object: true, stripNulls: mime !== OBJECT_MEDIA, contentType: `${mime}; charset=utf-8` };
    }
    if (mime === 'application/vnd.pgrst.array+json;nulls=stripped') {
      return { format: 'json', object: false, stripNulls: true, contentType: `${mime}; charset=utf-8` };
    }
  }
  throw new RestError(415, 'PGRST107', `None of these media types are available: ${accepts.map(mimeOf).join(', ')}`);
}

/** The kind of a request body, from its Content-Type (none: JSON). */
export type BodyKind = 'json' | 'csv' | 'urlencoded' | 'text' | 'xml' | 'octet' | 'other';

export function bodyKind(contentType: string | undefined): { kind: BodyKind; mime: string } {
  if (contentType === undefined) return { kind: 'json', mime: 'application/json' };
  const mime = mimeOf(contentType);
  const kinds: Record<string, BodyKind> = {
    'application/json': 'json',
    'text/csv': 'csv',
    'application/x-www-form-urlencoded': 'urlencoded',
    'text/plain': 'text',
    'text/xml': 'xml',
    'application/octet-stream': 'octet',
  };
  return { kind: kinds[mime] ?? 'other', mime };
}

/** The only schema this API exposes. */
export const EXPOSED_SCHEMA = 'public';

/**
 * The schema a request names: Accept-Profile for GET and HEAD, Content-Profile for writes. Returns whether it was
 * named (the answer then carries Content-Profile); any schema other than public is 406 PGRST106.
 */
export function checkProfile(
  method: string,
  acceptProfile: string | undefined,
  contentProfile: string | undefined,
): boolean {
  const profile = ['POST', 'PATCH', 'PUT', 'DELETE'].includes(method) ? contentProfile : acceptProfile;
  if (profile === undefined) return false;
  if (profile !== EXPOSED_SCHEMA) {
    throw new RestError(406, 'PGRST106', `The schema must be one of the following: ${EXPOSED_SCHEMA}`);
  }
  return true;
}
