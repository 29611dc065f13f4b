/**
 * The part of the Canvas 2D API the painter uses (canvas.ts, raster.ts), as a structural type, so the same
 * painter draws on the worker's OffscreenCanvas and on a Node canvas (@napi-rs/canvas, for the API's PNG) without
 * naming either: both satisfy it as they are. Property types are the widest the painter needs to write.
 */
import type { PathSink } from './shapes.ts';

/** An RGBA pixel buffer (ImageData): 4 bytes per pixel, read and written by index or through its buffer. */
export interface Pixels {
  readonly width: number;
  readonly height: number;
  readonly data: { readonly buffer: ArrayBufferLike; readonly byteOffset: number; [index: number]: number };
}

export interface Context2D extends PathSink {
  fillStyle: unknown;
  font: string;
  textAlign: string;
  textBaseline: string;
  imageSmoothingQuality: string;
  save(): void;
  restore(): void;
  beginPath(): void;
  fill(fillRule?: 'nonzero' | 'evenodd'): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number, maxWidth?: number): void;
  measureText(text: string): { width: number };
  /** `image`: whatever this context can draw (a canvas of the same kind, a decoded logo). */
  drawImage(image: unknown, dx: number, dy: number, dw?: number, dh?: number): void;
  createImageData(width: number, height: number): Pixels;
  getImageData(x: number, y: number, w: number, h: number): Pixels;
  putImageData(pixels: Pixels, dx: number, dy: number): void;
  // Design options (paint.ts, canvas.ts): transparent backgrounds and gradients.
  clearRect(x: number, y: number, w: number, h: number): void;
  globalCompositeOperation: string;
  createLinearGradient(x0: number, y0: number, x1: number, y1: number): GradientFill;
  createRadialGradient(x0: number, y0: number, r0: number, x1: number, y1: number, r1: number): GradientFill;
}

/** A canvas gradient as the painter builds it. */
export interface GradientFill {
  addColorStop(offset: number, colour: string): void;
}

/** A canvas the painter makes for itself (sprites): OffscreenCanvas, or what `setSurfaceFactory` installs. */
export interface Surface2D {
  getContext(type: '2d', options?: { willReadFrequently?: boolean }): Context2D | null;
}

type SurfaceFactory = (width: number, height: number) => Surface2D;

let factory: SurfaceFactory | null = null;

/** Where there is no OffscreenCanvas (Node), the canvas implementation the painter makes its sprites with. */
export function setSurfaceFactory(make: SurfaceFactory): void {
  factory = make;
}

export function newSurface(width: number, height: number): Surface2D {
  if (factory) return factory(width, height);
  const Offscreen = (globalThis as { OffscreenCanvas?: new (w: number, h: number) => Surface2D }).OffscreenCanvas;
  if (!Offscreen) throw new Error('No OffscreenCanvas in this runtime: call setSurfaceFactory() with a canvas for it');
  return new Offscreen(width, height);
}
