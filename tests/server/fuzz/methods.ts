// HTTP methods: the ones routes take, and some no route takes.
import fc from 'fast-check';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'FOO'];
export const anyMethod = fc.constantFrom(...METHODS);
