-- Tokens sent by mail (confirmation, recovery and magic link, email change, reauthentication), modelled on
-- GoTrue's auth.one_time_tokens. Only a hash is stored: sha256 of GoTrue's token hash (sha224 of the address
-- followed by the code), so neither a mailed link nor a code can be read back from the database. One live
-- token per user and kind: a new mail replaces the previous token. Tokens go with their user.
CREATE TABLE IF NOT EXISTS auth.one_time_tokens (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  -- confirmation_token | recovery_token | email_change_token_new | email_change_token_current |
  -- reauthentication_token
  token_type text NOT NULL,
  token_hash text NOT NULL,
  -- The address the token was mailed to.
  relates_to text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, token_type)
);
CREATE INDEX IF NOT EXISTS one_time_tokens_token_hash_idx ON auth.one_time_tokens (token_hash);

ALTER TABLE auth.users ADD COLUMN IF NOT EXISTS reauthentication_sent_at timestamptz;
-- Secure email change: 1 once one of the two addresses has confirmed.
ALTER TABLE auth.users ADD COLUMN IF NOT EXISTS email_change_confirm_status smallint NOT NULL DEFAULT 0;
