/** An active key as the owner may read it (public.api_keys without its hash). */
export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
}
