import type { SupabaseClient } from '@supabase/supabase-js';

type ClientListener = (client: SupabaseClient) => void;

let listener: ClientListener | undefined;
let created: SupabaseClient | undefined;

/**
 * A type-only meeting point between the lazily loaded client module and the auth listener, so that whichever
 * code creates the client first (a form, a dashboard query, or a stored session at start-up), the listener that
 * feeds `authStateAtom` is attached to it exactly once.
 */
export function onSupabaseClientCreated(next: ClientListener): void {
  listener = next;
  if (created) next(created);
}

export function announceSupabaseClient(client: SupabaseClient): void {
  created = client;
  listener?.(client);
}
