// @ts-check
// A noisy neighbour for GET /api/v1/qr (issue 36, defect 6): one key keeps `noisyConcurrency` large PNGs in flight
// (each answered request is sent again; a 429 waits its Retry-After, as a well-behaved client does), while a
// victim of another account renders small PNGs one after another and signs in. The victim's latencies are
// measured idle and then under the noise, in the same run, against the same server. Used by scripts/bench/api-qr.mjs.
import { performance } from 'node:perf_hooks';
import { LOCAL_ANON_KEY } from '../../dev/env-files.mjs';
import { percentile } from './stats.mjs';

/**
 * @typedef {{ p50: number, p99: number, max: number, n: number }} Latency
 * @typedef {{ png: Latency, signIn: Latency }} VictimFigures
 */

/** @param {number[]} ms @returns {Latency} */
function latency(ms) {
  const round = (/** @type {number} */ v) => Math.round(v * 10) / 10;
  return { p50: round(percentile(ms, 50)), p99: round(percentile(ms, 99)), max: round(Math.max(...ms)), n: ms.length };
}

/**
 * @param {string} url
 * @param {RequestInit} [init]
 */
async function timed(url, init) {
  const start = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  return { ms: performance.now() - start, status: res.status, retryAfter: Number(res.headers.get('retry-after') ?? 1) };
}

/**
 * The victim's round: `requests` small PNGs one after another, then `signIns` password sign-ins.
 * @param {{ base: string, key: string, email: string, password: string, size: number, requests: number, signIns: number, label: string }} o
 * @returns {Promise<VictimFigures>}
 */
async function victimRound(o) {
  /** @type {number[]} */
  const png = [];
  for (let i = 0; i < o.requests; i++) {
    const query = new URLSearchParams({
      data: `https://example.com/${o.label}/${i}`,
      format: 'png',
      size: String(o.size),
    });
    const r = await timed(`${o.base}/api/v1/qr?${query}`, { headers: { Authorization: `Bearer ${o.key}` } });
    if (r.status !== 200) throw new Error(`victim PNG answered ${r.status}`);
    png.push(r.ms);
  }
  /** @type {number[]} */
  const signIn = [];
  for (let i = 0; i < o.signIns; i++) {
    const r = await timed(`${o.base}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: o.email, password: o.password }),
    });
    if (r.status !== 200) throw new Error(`victim sign-in answered ${r.status}`);
    signIn.push(r.ms);
  }
  return { png: latency(png), signIn: latency(signIn) };
}

/**
 * @param {{
 *   base: string,
 *   noisyKey: string,
 *   victim: { key: string, email: string, password: string },
 *   noisyConcurrency: number, noisySize: number, victimSize: number, victimRequests: number, victimSignIns: number,
 * }} o
 */
export async function runQrNeighbour(o) {
  const victim = {
    base: o.base,
    ...o.victim,
    size: o.victimSize,
    requests: o.victimRequests,
    signIns: o.victimSignIns,
  };
  // Warm-up: the render workers start with the first drawing.
  await victimRound({ ...victim, requests: 10, signIns: 1, label: 'warm' });
  const idle = await victimRound({ ...victim, label: 'idle' });

  let stop = false;
  // Stopping aborts the noise's requests in flight: the figures are taken, its backlog is of no interest.
  const abort = new AbortController();
  const noisy = { done: 0, refused: 0, ms: /** @type {number[]} */ ([]) };
  let firstDone = () => {};
  const started = new Promise((resolve) => (firstDone = () => resolve(undefined)));
  const loop = async (/** @type {number} */ lane) => {
    for (let i = 0; !stop; i++) {
      const query = new URLSearchParams({
        data: `https://example.com/noisy/${lane}/${i}`,
        format: 'png',
        size: String(o.noisySize),
      });
      const r = await timed(`${o.base}/api/v1/qr?${query}`, {
        headers: { Authorization: `Bearer ${o.noisyKey}` },
        signal: abort.signal,
      }).catch((err) => {
        if (stop) return null;
        throw err;
      });
      if (r === null) return;
      if (r.status === 200) {
        noisy.done++;
        noisy.ms.push(r.ms);
        firstDone();
      } else if (r.status === 429) {
        noisy.refused++;
        await new Promise((resolve) => setTimeout(resolve, r.retryAfter * 1000));
      } else throw new Error(`noisy PNG answered ${r.status}`);
    }
  };
  const lanes = Array.from({ length: o.noisyConcurrency }, (_, lane) => loop(lane));
  // Measured once the noise is drawing: its first PNG is back.
  await started;
  const loaded = await victimRound({ ...victim, label: 'loaded' });
  stop = true;
  abort.abort();
  await Promise.all(lanes);
  return {
    idle,
    loaded,
    noisy: { drawn: noisy.done, refused429: noisy.refused, png: latency(noisy.ms) },
    ratio: {
      pngP50: Math.round((loaded.png.p50 / idle.png.p50) * 100) / 100,
      pngP99: Math.round((loaded.png.p99 / idle.png.p99) * 100) / 100,
      signInP99: Math.round((loaded.signIn.p99 / idle.signIn.p99) * 100) / 100,
    },
  };
}
