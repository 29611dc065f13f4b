-- Mailed codes cannot be guessed (docs/security.md, "Mailed codes"). A token now has two hashes: token_hash is
-- sha256 of the code's hash (sha224 of the address followed by the code), checked with the address it was
-- mailed to; link_hash is sha256 of the link's token, 28 random bytes that no address and code can give.
-- failed_attempts counts wrong codes against the token; the fifth deletes it.
ALTER TABLE auth.one_time_tokens ADD COLUMN IF NOT EXISTS link_hash text;
ALTER TABLE auth.one_time_tokens ADD COLUMN IF NOT EXISTS failed_attempts smallint NOT NULL DEFAULT 0;
CREATE INDEX IF NOT EXISTS one_time_tokens_link_hash_idx ON auth.one_time_tokens (link_hash);
CREATE INDEX IF NOT EXISTS one_time_tokens_relates_to_idx ON auth.one_time_tokens (relates_to);
-- A link mailed before this migration carries the code's hash, which its address and a guessed code give: such
-- tokens are dropped (the user asks for a new mail).
DELETE FROM auth.one_time_tokens WHERE link_hash IS NULL;
