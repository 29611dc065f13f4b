/**
 * Outlines of the union of dark modules: closed loops of axis-aligned edges on the module grid, dark on the
 * right (clockwise on screen for outer outlines, counter-clockwise around holes), so one nonzero fill draws
 * them and adjacent modules never leave a seam. Diagonally touching modules are kept apart.
 *
 * Each loop is stored as its corner vertices only; every corner is a quarter turn (convex or concave).
 */

/** Directions: 0 = +x (east), 1 = +y (south), 2 = -x (west), 3 = -y (north). */
export const DX = [1, 0, -1, 0] as const;
export const DY = [0, 1, 0, -1] as const;

export interface Contours {
  /** Corner coordinates, x,y pairs, loop after loop. */
  points: Int32Array;
  /** Number of corners in each loop. */
  loopSizes: number[];
}

export function traceContours(dark: Uint8Array, n: number): Contours {
  const w = n + 1;
  // Up to two outgoing edges per grid vertex (two only where modules touch diagonally); 255 = none.
  const out1 = new Uint8Array(w * w).fill(255);
  const out2 = new Uint8Array(w * w).fill(255);
  let edges = 0;
  const add = (vx: number, vy: number, dir: number) => {
    const v = vy * w + vx;
    if (out1[v] === 255) out1[v] = dir;
    else out2[v] = dir;
    edges++;
  };
  for (let y = 0; y < n; y++) {
    const row = y * n;
    for (let x = 0; x < n; x++) {
      if (!dark[row + x]) continue;
      if (y === 0 || !dark[row - n + x]) add(x, y, 0);
      if (x === n - 1 || !dark[row + x + 1]) add(x + 1, y, 1);
      if (y === n - 1 || !dark[row + n + x]) add(x + 1, y + 1, 2);
      if (x === 0 || !dark[row + x - 1]) add(x, y + 1, 3);
    }
  }
  const points: number[] = [];
  const loopSizes: number[] = [];
  // Indices in range: v is a grid vertex (0..w*w-1): a start vertex, or one reached along a recorded edge,
  // which never leaves the (n + 1)^2 grid; a recorded direction (out1 / out2 other than 255) is 0..3.
  const take = (v: number, dir: number) => {
    if (out1[v] === dir) {
      out1[v] = out2[v]!;
      out2[v] = 255;
    } else if (out2[v] === dir) out2[v] = 255;
    else return false;
    edges--;
    return true;
  };
  const has = (v: number, dir: number) => out1[v] === dir || out2[v] === dir;
  for (let start = 0; start < w * w && edges > 0; start++) {
    while (out1[start] !== 255) {
      const sx = start % w;
      const sy = (start - sx) / w;
      let dir = out1[start]!;
      let x = sx;
      let y = sy;
      let count = 0;
      take(start, dir);
      const startDir = dir;
      for (;;) {
        x += DX[dir]!;
        y += DY[dir]!;
        const v = y * w + x;
        // Prefer a right turn (keeps diagonal neighbours apart), then straight, then left. Back at the start
        // vertex, the start edge (already taken) closes the loop.
        const atStart = x === sx && y === sy;
        let next = -1;
        let closed = false;
        for (const c of [(dir + 1) & 3, dir, (dir + 3) & 3]) {
          if (atStart && c === startDir) {
            closed = true;
            next = c;
            break;
          }
          if (has(v, c)) {
            next = c;
            break;
          }
        }
        if (next < 0) throw new Error('contour not closed');
        if (closed) {
          if (next !== dir) {
            points.push(x, y);
            count++;
          }
          break;
        }
        if (next !== dir) {
          points.push(x, y);
          count++;
        }
        take(v, next);
        dir = next;
      }
      loopSizes.push(count);
    }
  }
  return { points: Int32Array.from(points), loopSizes };
}
