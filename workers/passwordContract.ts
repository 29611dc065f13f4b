/** The password worker's API (workers/password.worker.ts): a code's gate password as a bcrypt hash. */
export interface PasswordWorkerApi {
  /** bcrypt of `password` at cost PASSWORD_HASH_COST (about 80 ms of CPU on a desktop, several times that on a phone). */
  hash(password: string): Promise<string>;
}

/** The cost the database accepts for a code's password (set_code_password: 10 to 14). */
export const PASSWORD_HASH_COST = 10;
