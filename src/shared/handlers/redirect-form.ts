// A form posted to the redirect (the password form, a feedback page's form): read as
// application/x-www-form-urlencoded up to a size, and never further, whatever the body declares.

/** The form's fields, or null when the body is not such a form or is longer than `maxBytes`. */
export async function readFormBody(request: Request, maxBytes: number): Promise<URLSearchParams | null> {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded' || !request.body) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return new URLSearchParams(new TextDecoder().decode(bytes));
}
