import type { PathSink } from '../../../src/render/shapes.ts';

/** Rasterises a path (nonzero rule) by sampling pixel centres: a tiny reference rasteriser for tests. */
export class SampleSink implements PathSink {
  /** Straight segments per Bézier curve: more for tests that sample close to a curve. */
  private readonly curveSteps: number;
  constructor(curveSteps = 8) {
    this.curveSteps = curveSteps;
  }

  polys: [number, number][][] = [];
  private cur: [number, number][] = [];
  moveTo(x: number, y: number) {
    this.cur = [[x, y]];
    this.polys.push(this.cur);
  }
  lineTo(x: number, y: number) {
    this.cur.push([x, y]);
  }
  bezierCurveTo(a: number, b: number, c: number, d: number, x: number, y: number) {
    // A curve always follows a moveTo, so the current polygon has a last point.
    const [x0, y0] = this.cur[this.cur.length - 1]!;
    for (let i = 1; i <= this.curveSteps; i++) {
      const t = i / this.curveSteps;
      const u = 1 - t;
      this.cur.push([
        u * u * u * x0 + 3 * u * u * t * a + 3 * u * t * t * c + t * t * t * x,
        u * u * u * y0 + 3 * u * u * t * b + 3 * u * t * t * d + t * t * t * y,
      ]);
    }
  }
  closePath() {}
  winding(px: number, py: number): number {
    let w = 0;
    for (const p of this.polys) {
      let minY = Infinity;
      let maxY = -Infinity;
      let maxX = -Infinity;
      for (const [x, y] of p) {
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
        if (x > maxX) maxX = x;
      }
      if (py < minY || py > maxY || px > maxX) continue;
      // Each edge from point i to the next (wrapping), all indices inside the polygon.
      for (let i = 0; i < p.length; i++) {
        const [x0, y0] = p[i]!;
        const [x1, y1] = p[(i + 1) % p.length]!;
        if (y0 <= py && y1 > py && (x1 - x0) * (py - y0) - (px - x0) * (y1 - y0) > 0) w++;
        else if (y0 > py && y1 <= py && (x1 - x0) * (py - y0) - (px - x0) * (y1 - y0) < 0) w--;
      }
    }
    return w;
  }
}
