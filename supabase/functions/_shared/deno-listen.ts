// Deno-only (the Edge Functions' entries import it; the local server does not).

/**
 * Where an Edge Function listens. On Supabase the platform decides. Under plain Deno (tests/server/*, or by hand)
 * PORT and HOST do: Deno.serve ignores PORT itself and would take 8000 on every interface.
 */
export function listenOptions(name: string, path: string): Deno.ServeTcpOptions {
  const port = Deno.env.get('PORT');
  if (port === undefined) return {};
  return {
    port: Number(port),
    hostname: Deno.env.get('HOST') ?? '127.0.0.1',
    onListen: ({ hostname, port }) => console.log(`${name} function listening on http://${hostname}:${port}${path}`),
  };
}
