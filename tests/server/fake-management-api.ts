// A stand-in for the Supabase Management API on loopback, enough for `supabase functions deploy --use-api`: it
// keeps each function upload (the multipart form the CLI streams to POST /v1/projects/{ref}/functions/deploy)
// and answers as the platform does, so the CLI finishes. The CLI reaches it through a profile file whose api_url
// is this server (`supabase --profile <file>`), the CLI's own way to target another Supabase API.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One function as the CLI uploaded it: the form's `metadata` field and every `file` part by its path. */
export interface FunctionUpload {
  slug: string;
  metadata: { entrypoint_path?: string; import_map_path?: string; name?: string };
  files: Map<string, Buffer>;
}

export interface FakeManagementApi {
  url: string;
  /** `METHOD path?query` of every request, in order. */
  requests: string[];
  /** The function uploads received so far, parsed. */
  uploads(): Promise<FunctionUpload[]>;
  server: Server;
}

interface RawUpload {
  slug: string;
  contentType: string;
  body: Buffer;
}

async function parseUpload({ slug, contentType, body }: RawUpload): Promise<FunctionUpload> {
  const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  const files = new Map<string, Buffer>();
  for (const part of form.getAll('file')) {
    if (typeof part !== 'string') files.set(part.name, Buffer.from(await part.arrayBuffer()));
  }
  const metadata = form.get('metadata');
  return { slug, metadata: typeof metadata === 'string' ? JSON.parse(metadata) : {}, files };
}

export async function fakeManagementApi(): Promise<FakeManagementApi> {
  const requests: string[] = [];
  const raw: RawUpload[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push(`${req.method ?? '?'} ${req.url ?? ''}`);
      const url = new URL(req.url ?? '/', 'http://localhost');
      const json = (status: number, value: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (req.method === 'POST' && /^\/v1\/projects\/[a-z]+\/functions\/deploy$/.test(url.pathname)) {
        const slug = url.searchParams.get('slug') ?? '';
        raw.push({ slug, contentType: req.headers['content-type'] ?? '', body: Buffer.concat(chunks) });
        return json(201, { id: slug, slug, name: slug, version: 1, status: 'ACTIVE' });
      }
      // Several functions at once are uploaded with bundleOnly=true, then switched on together.
      if (req.method === 'PUT' && /^\/v1\/projects\/[a-z]+\/functions$/.test(url.pathname)) {
        return json(200, { functions: [] });
      }
      json(404, { message: 'not part of this fake' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    uploads: () => Promise.all(raw.map(parseUpload)),
    server,
  };
}
