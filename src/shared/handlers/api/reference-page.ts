// /api/v1/docs: a small interactive reference built from the OpenAPI document at run time. No external script
// or stylesheet (reference packages load theirs from a CDN): each operation is listed with its parameters, and
// "Send" calls it with the key typed on the page. The page sets text with textContent only, never as HTML.

const SCRIPT = String.raw`
const specUrl = document.body.dataset.spec;
const root = document.getElementById('operations');
const keyInput = document.getElementById('api-key');
const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};
fetch(specUrl).then((r) => r.json()).then((spec) => {
  document.getElementById('title').textContent = spec.info.title + ' ' + spec.info.version;
  document.getElementById('description').textContent = spec.info.description || '';
  const base = spec.servers[0].url;
  let n = 0;
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(item)) {
      n += 1;
      const form = el('form', { className: 'op' });
      form.setAttribute('aria-label', method.toUpperCase() + ' ' + path);
      form.append(el('h2', {}, el('span', { className: 'method' }, method.toUpperCase()), ' ' + path));
      form.append(el('p', {}, op.summary || ''));
      const inputs = [];
      for (const p of op.parameters || []) {
        const id = 'p' + n + '-' + p.name;
        const input = el('input', { id, name: p.name, required: !!p.required, placeholder: p.schema?.example ?? p.schema?.default ?? '' });
        inputs.push([p, input]);
        form.append(el('label', { htmlFor: id }, p.name + ' (' + p.in + (p.required ? ', required' : '') + ')'), input);
      }
      let body = null;
      if (op.requestBody) {
        const id = 'b' + n;
        body = el('textarea', { id, rows: 5, value: '{\n  "name": "Menu",\n  "content": "https://example.com/menu"\n}' });
        form.append(el('label', { htmlFor: id }, 'JSON body'), body);
      }
      const out = el('pre', { className: 'out' });
      out.setAttribute('aria-live', 'polite');
      form.append(el('button', { type: 'submit' }, 'Send'), out);
      form.addEventListener('submit', async (event) => {
        event.preventDefault();
        let url = path;
        const query = new URLSearchParams();
        for (const [p, input] of inputs) {
          if (input.value === '') continue;
          if (p.in === 'path') url = url.replace('{' + p.name + '}', encodeURIComponent(input.value));
          else query.set(p.name, input.value);
        }
        const headers = { Authorization: 'Bearer ' + keyInput.value.trim() };
        if (body) headers['Content-Type'] = 'application/json';
        out.textContent = '…';
        try {
          const res = await fetch(base + url + (query.size ? '?' + query : ''), { method: method.toUpperCase(), headers, body: body ? body.value : undefined });
          out.textContent = res.status + ' ' + res.statusText + '\n\n' + (await res.text());
        } catch (err) {
          out.textContent = String(err);
        }
      });
      root.append(form);
    }
  }
});
`;

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:56rem;margin:2rem auto;padding:0 1rem;color:#1a202c}
.op{border:1px solid #cbd5e0;border-radius:8px;padding:1rem;margin:1rem 0}.method{color:#1A2BB2;font-weight:700}
label{display:block;margin-top:.5rem;font-weight:600}input,textarea{width:100%;box-sizing:border-box;font:inherit;padding:.25rem}
button{margin-top:.75rem;padding:.4rem 1rem;background:#1A2BB2;color:#fff;border:0;border-radius:6px;font:inherit}
button:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid #f6ad55}pre{white-space:pre-wrap;background:#f7fafc;padding:.5rem}`;

export function referencePage(specUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>QRCraft API reference</title><style>${STYLE}</style></head>
<body data-spec="${specUrl.replace(/[&"<>]/g, '')}"><main>
<h1 id="title">QRCraft API</h1><p id="description"></p>
<p>The machine-readable document: <a href="${specUrl.replace(/[&"<>]/g, '')}">openapi.json</a> (OpenAPI 3.1).</p>
<label for="api-key">Your API key (create one in Settings → API keys)</label>
<input id="api-key" type="password" autocomplete="off" placeholder="qrc_…">
<div id="operations"></div></main><script>${SCRIPT}</script></body></html>`;
}
