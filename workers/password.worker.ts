/// <reference lib="webworker" />
/**
 * The password worker: hashes a code's gate password with bcryptjs, off the main thread (comlink). The database
 * takes only the hash (public.set_code_password), so the plain password never reaches a server log.
 */
import { expose } from 'comlink';
import bcrypt from 'bcryptjs';
import { PASSWORD_HASH_COST, type PasswordWorkerApi } from './passwordContract.ts';

expose({ hash: (password) => bcrypt.hash(password, PASSWORD_HASH_COST) } satisfies PasswordWorkerApi);
