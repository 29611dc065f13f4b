// `supabase functions deploy --use-api` must upload every file an Edge Function imports, those outside
// supabase/functions (src/, workers/) included: the platform bundles only what it receives. The CLI does not ask
// Deno which files those are: it follows import statements with a regular expression (pkg/function's
// WalkImportPaths) and only warns about a file it cannot read. So the CLI deploys every function here for real,
// to a fake Management API on loopback that keeps the upload, and each function's module graph as Deno resolves
// it (`deno info --json` with the function's deno.json) says which local files must be in it. No Docker, no
// network beyond the npm registry Deno's cache may need, no account (docs/supabase-project.md, "How the deploy
// bundle is checked").
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionDir, runDeno } from './deno.ts';
import { fakeManagementApi, type FakeManagementApi, type FunctionUpload } from './fake-management-api.ts';
import { recordingProxy, runCli, type CliRun } from './supabase-cli.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
// What the CLI deploys when no name is given: every supabase/functions/<name>/index.ts.
const functionNames = readdirSync(join(ROOT, 'supabase', 'functions')).filter((name) =>
  existsSync(join(functionDir(name), 'index.ts')),
);
// Any 20 lowercase letters pass the CLI's check of --project-ref; the fake API accepts any.
const PROJECT_REF = 'qrcraftbundlecheckxy';
// The CLI accepts any sbp_ token of this shape; it goes only to the fake API.
const ACCESS_TOKEN = `sbp_${'0'.repeat(40)}`;

interface ModuleGraph {
  /** Local files of the graph, relative to the repository root, as the CLI names its uploads. */
  files: string[];
  /** Every module or import Deno could not resolve or load. */
  errors: string[];
}

interface DenoInfo {
  modules: Array<{
    specifier: string;
    error?: string;
    dependencies?: Array<{ specifier: string; code?: { error?: string }; type?: { error?: string } }>;
  }>;
}

/** The function's module graph as Deno resolves it from its folder, so that its deno.json applies. */
async function moduleGraph(name: string): Promise<ModuleGraph> {
  const deno = runDeno(functionDir(name), ['info', '--json', 'index.ts']);
  const code = await deno.exited;
  if (code !== 0) return { files: [], errors: [`deno info exited ${code}: ${deno.output()}`] };
  const info = JSON.parse(deno.stdout()) as DenoInfo;
  const errors: string[] = [];
  for (const mod of info.modules) {
    if (mod.error) errors.push(`${mod.specifier}: ${mod.error}`);
    for (const dep of mod.dependencies ?? []) {
      const error = dep.code?.error ?? dep.type?.error;
      if (error) errors.push(`${mod.specifier} imports ${dep.specifier}: ${error}`);
    }
  }
  const files = info.modules
    .filter((mod) => mod.specifier.startsWith('file:') && !mod.error)
    .map((mod) => relative(ROOT, fileURLToPath(mod.specifier)))
    .sort();
  return { files, errors };
}

describe('supabase functions deploy --use-api uploads every file the Edge Functions import', () => {
  let home: string;
  let api: FakeManagementApi;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  let deploy: CliRun;
  let uploads: Map<string, FunctionUpload>;
  let graphs: Map<string, ModuleGraph>;

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'qrcraft-functions-deploy-'));
    api = await fakeManagementApi();
    proxy = await recordingProxy();
    const profile = join(home, 'profile.json');
    writeFileSync(
      profile,
      JSON.stringify({
        name: 'fake-management-api',
        api_url: api.url,
        dashboard_url: `${api.url}/dashboard`,
        project_host: 'example.test',
      }),
    );
    // The checkout itself is the workdir: the command a developer runs, on the files as they are. With
    // --project-ref the CLI needs no link and writes nothing there.
    const args = ['functions', 'deploy', '--use-api', '--project-ref', PROJECT_REF, '--profile', profile];
    const [run, graphEntries] = await Promise.all([
      runCli([...args, '--workdir', ROOT], proxy.url, home, {
        cwd: ROOT,
        // Without NO_PROXY the CLI sends its requests to the fake API through the proxy too.
        env: { SUPABASE_ACCESS_TOKEN: ACCESS_TOKEN, NO_PROXY: '127.0.0.1', no_proxy: '127.0.0.1' },
      }),
      Promise.all(functionNames.map(async (name) => [name, await moduleGraph(name)] as const)),
    ]);
    deploy = run;
    graphs = new Map(graphEntries);
    uploads = new Map((await api.uploads()).map((upload) => [upload.slug, upload]));
  });

  afterAll(() => {
    api?.server.close();
    proxy?.server.close();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it('deploys every function in one command, to the fake API only, reading every file it looked for', () => {
    expect(functionNames.length).toBeGreaterThan(0);
    expect(
      { code: deploy.code, deployed: deploy.output.includes('Deployed Functions on project') },
      deploy.output,
    ).toEqual({ code: 0, deployed: true });
    expect(proxy.seen).toEqual([]);
    expect([...uploads.keys()].sort()).toEqual([...functionNames].sort());
    // A file the CLI's import scan names but cannot open is skipped with this warning and the deploy goes on.
    const warnings = deploy.output.split('\n').filter((line) => line.includes('WARN'));
    expect(warnings, warnings.join('\n')).toEqual([]);
  });

  // The graph below is resolved with the same deno.json: a different import map would compare different graphs.
  it.each(functionNames)('%s: the upload names its entry point and its own deno.json as import map', (name) => {
    const upload = uploads.get(name);
    expect(upload?.metadata).toMatchObject({
      name,
      entrypoint_path: `supabase/functions/${name}/index.ts`,
      import_map_path: `supabase/functions/${name}/deno.json`,
    });
  });

  it.each(functionNames)(
    '%s: Deno resolves its whole module graph, and every local file is in the repository',
    (name) => {
      const graph = graphs.get(name)!;
      expect(graph.errors, graph.errors.join('\n')).toEqual([]);
      expect(graph.files).toContain(`supabase/functions/${name}/index.ts`);
      expect(graph.files.filter((file) => isAbsolute(file) || file.startsWith('..'))).toEqual([]);
    },
  );

  it.each(functionNames)('%s: the upload holds every local file of its module graph, as it is on disk', (name) => {
    const files = uploads.get(name)?.files ?? new Map<string, Buffer>();
    const graph = graphs.get(name)!;
    expect(graph.files.length).toBeGreaterThan(0);
    const missing = graph.files.filter((file) => !files.has(file));
    expect(missing, `imported but not uploaded: ${missing.join(', ')}`).toEqual([]);
    for (const file of graph.files) {
      expect(files.get(file)?.equals(readFileSync(join(ROOT, file))), file).toBe(true);
    }
  });
});
