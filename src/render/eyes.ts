/**
 * Finder patterns ("eyes") with shapes of their own: a 7x7 ring one module thick and a solid 3x3 centre, each a
 * rounded rectangle with per-corner radii. Every shape keeps the ring's outer edge on the 7x7 square's sides and
 * its inner edge on the 5x5's, and the centre on the 3x3's, so a scan line through the middle of an eye still
 * crosses dark 1, light 1, dark 3, light 1, dark 1 (the 1:1:3:1:1 ratio decoders look for); the centre is
 * always solid. `auto` draws the eye the module shape's way (shapes.ts eyeRadii), as before these options.
 * Every shape is capped by the scan-safety finder rule (shapes.ts `finderSafeRadii`), which lives there only.
 */
import { eyeRadii, finderSafeRadii, roundedRect, type EyeRadii, type GridMap, type PathSink } from './shapes.ts';
import type { EyeShape, Shape } from '../shared/qr/vocabulary.ts';

/** Corner radii in modules, TL TR BR BL. */
type Radii = readonly [number, number, number, number];

/**
 * Radii (outer edge, inner edge, centre) at the top-left and bottom-right corners (`major`) and the other two
 * (`minor`) of each named eye shape, before the finder rule (shapes.ts FINDER_MAX_RADII) caps them: `circle` is
 * as round as the rule lets an eye be (a true circle measured as a different size on the diagonal and was lost
 * under rotation), `rounded` half of that, `leaf` round on one diagonal and sharp on the other.
 */
const NAMED: Record<Exclude<EyeShape, 'auto'>, { major: EyeRadii; minor: EyeRadii }> = {
  square: { major: [0, 0, 0], minor: [0, 0, 0] },
  rounded: { major: [1, 0.5, 0.4], minor: [1, 0.5, 0.4] },
  circle: { major: [3.5, 2.5, 1.5], minor: [3.5, 2.5, 1.5] },
  leaf: { major: [3.5, 2.5, 1.5], minor: [0, 0, 0] },
};

function radii(eye: EyeShape, shape: Shape, i: 0 | 1 | 2): Radii {
  const own = eye === 'auto' ? eyeRadii(shape) : NAMED[eye];
  const a = finderSafeRadii(own.major)[i];
  const b = finderSafeRadii(own.minor)[i];
  return [a, b, a, b];
}

function ringRadii(eye: EyeShape, shape: Shape): readonly [Radii, Radii] {
  return [radii(eye, shape, 0), radii(eye, shape, 1)];
}

function centreRadii(eye: EyeShape, shape: Shape): Radii {
  return radii(eye, shape, 2);
}

const scale = (r: Radii, m: number): Radii => [r[0] * m, r[1] * m, r[2] * m, r[3] * m];

/** The three eye rings (outer edge clockwise, inner counter-clockwise: fill nonzero) at the eyes' top-left cells. */
export function emitEyeRings(
  sink: PathSink,
  eyes: readonly (readonly [number, number])[],
  eye: EyeShape,
  shape: Shape,
  map: GridMap,
): void {
  const [outer, inner] = ringRadii(eye, shape);
  for (const [ex, ey] of eyes) {
    roundedRect(sink, map.x(ex), map.y(ey), map.x(ex + 7), map.y(ey + 7), scale(outer, map.m), true);
    roundedRect(sink, map.x(ex + 1), map.y(ey + 1), map.x(ex + 6), map.y(ey + 6), scale(inner, map.m), false);
  }
}

/** The three solid 3x3 eye centres. */
export function emitEyeCentres(
  sink: PathSink,
  eyes: readonly (readonly [number, number])[],
  eye: EyeShape,
  shape: Shape,
  map: GridMap,
): void {
  const r = scale(centreRadii(eye, shape), map.m);
  for (const [ex, ey] of eyes) roundedRect(sink, map.x(ex + 2), map.y(ey + 2), map.x(ex + 5), map.y(ey + 5), r, true);
}
