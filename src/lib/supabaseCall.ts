/**
 * The one way the app awaits a supabase-js data request. supabase-js reports trouble in two ways: an `error` in
 * the result (PostgrestError, including network failures, which postgrest-js turns into `code: ''` errors) and,
 * more rarely, a rejected request (an auth error from the session behind it). Both become a DataError, so callers
 * handle exactly one error type; `dataCall` does the same for a block of calls and the code around them (a
 * client that cannot be created, a value the app refuses before sending), and `authCall` for an auth request.
 */
import { classify, DataError, errorFields, NO_DATA_MESSAGE, toDataError } from './dataError.ts';

/** The part of a supabase-js response this module reads (PostgrestResponse and friends). */
interface SupabaseResult<T> {
  data: T | null;
  error: unknown;
  count?: number | null;
}

/**
 * A supabase-js request (a query builder is PromiseLike) or its awaited result. The app's client has no generated
 * database types, so the caller names the row type `T` it expects.
 */
type Request = SupabaseResult<unknown> | PromiseLike<SupabaseResult<unknown>>;

interface CallOptions<T> {
  /**
   * Names what is loaded for the wording "Could not load <what>: <server message>" (the analytics pages), instead
   * of the sentences of `toDataError` (the codes pages).
   */
  what?: string;
  /** What a null `data` stands for; without it, null data is an error. */
  ifNull?: T;
}

function failure(error: unknown, what: string | undefined): DataError {
  if (what === undefined || error instanceof DataError) return toDataError(error);
  const fields = errorFields(error);
  return new DataError(classify(fields), `Could not load ${what}: ${fields.message}`, {
    serverCode: fields.code || undefined,
    hint: fields.hint,
  });
}

async function settle(request: Request, what: string | undefined): Promise<SupabaseResult<unknown>> {
  let result: SupabaseResult<unknown>;
  try {
    result = await request;
  } catch (error) {
    throw toDataError(error);
  }
  if (result.error) throw failure(result.error, what);
  return result;
}

/** The data of one request; every failure becomes a DataError. */
export async function supabaseCall<T>(request: Request, options: CallOptions<T> = {}): Promise<T> {
  const { data } = await settle(request, options.what);
  if (data !== null) return data as T;
  if (options.ifNull !== undefined) return options.ifNull;
  throw new DataError('unknown', NO_DATA_MESSAGE);
}

/**
 * The rows of a request made with `{ count: 'exact' }` and the total count the server reported (0 if none).
 * A page that starts past the last row (the list shrank, or an old link) is answered 416 PGRST103 by PostgREST,
 * without a count supabase-js would pass on: then the page is empty and `countAll` (the same filters, as a
 * `{ count: 'exact', head: true }` request) gives the total.
 */
export async function supabasePage<T extends unknown[]>(
  request: Request,
  countAll?: () => Request,
): Promise<{ rows: T; total: number }> {
  let result: SupabaseResult<unknown>;
  try {
    result = await settle(request, undefined);
  } catch (error) {
    if (countAll && error instanceof DataError && error.serverCode === PAST_THE_END) {
      return { rows: [] as unknown[] as T, total: await supabaseCount(countAll()) };
    }
    throw error;
  }
  if (result.data === null) throw new DataError('unknown', NO_DATA_MESSAGE);
  return { rows: result.data as T, total: result.count ?? 0 };
}

/** PostgREST's code for a range that starts past the last row (416). */
const PAST_THE_END = 'PGRST103';

/** The count of a `{ count: 'exact', head: true }` request (no rows travel). */
export async function supabaseCount(request: Request): Promise<number> {
  const { count } = await settle(request, undefined);
  return count ?? 0;
}

/** `request` cancelled by `signal` when one is given (a stale load stops travelling instead of only being ignored). */
export function abortable<B extends { abortSignal(signal: AbortSignal): B }>(
  request: B,
  signal: AbortSignal | undefined,
): B {
  return signal ? request.abortSignal(signal) : request;
}

/** The part of a supabase-js auth response this module reads (UserResponse and friends). */
interface AuthResult<T> {
  data: T;
  error: unknown;
}

/**
 * The data of one supabase-js auth request (`updateUser` and friends). The auth server writes its messages for
 * people (`New password should be different from the old password.`), so an AuthError in the result becomes a
 * DataError with that very message, classified like any other, and the auth code (`over_email_send_rate_limit`)
 * as its `serverCode`. A rejected request becomes a DataError as in `supabaseCall`.
 */
export async function authCall<R extends AuthResult<unknown>>(request: PromiseLike<R>): Promise<R['data']> {
  let result: R;
  try {
    result = await request;
  } catch (error) {
    throw toDataError(error);
  }
  if (!result.error) return result.data;
  const fields = errorFields(result.error);
  throw new DataError(classify(fields), fields.message || 'Something went wrong. Please try again.', {
    serverCode: fields.code || undefined,
  });
}

/** Runs `work` (several requests, or code that may throw) and turns anything it throws into a DataError. */
export async function dataCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toDataError(error);
  }
}
