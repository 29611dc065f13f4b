/** Runs of dark modules along rows or columns: the unit the compact PDF and EPS module layers are written in. */

/** Calls `run(line, start, length)` for every run of dark modules, row by row (or column by column). */
export function forEachRun(
  dark: Uint8Array,
  n: number,
  vertical: boolean,
  run: (line: number, start: number, length: number) => void,
): void {
  for (let a = 0; a < n; a++) {
    let b = 0;
    while (b < n) {
      if (!dark[vertical ? b * n + a : a * n + b]) {
        b++;
        continue;
      }
      let e = b + 1;
      while (e < n && dark[vertical ? e * n + a : a * n + e]) e++;
      run(a, b, e - b);
      b = e;
    }
  }
}
