/** Seeded random inputs for the round-trip tests. */
import type { Ecl } from '../../../src/encoder/index.ts';
import { prng } from '../../helpers/prng.ts';

export type Kind = 'numeric' | 'alphanumeric' | 'ascii' | 'url' | 'latin1' | 'utf8' | 'japanese' | 'mixed';
export const KINDS: readonly Kind[] = [
  'numeric',
  'alphanumeric',
  'ascii',
  'url',
  'latin1',
  'utf8',
  'japanese',
  'mixed',
];

export interface Case {
  id: number;
  kind: Kind;
  text: string;
  ecl: Ecl;
  minVersion: number;
  mask: number;
}

const DIGITS = '0123456789';
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
const URL_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789-._~/?=&%';
const HIRAGANA = 'あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん';
const KATAKANA = 'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲンー';
const KANJI = '日本語東京大阪京都漢字文化学校先生時間今日明天気電車駅前新聞社会議事録情報技術開発者番号価格円';
const CJK_ZH = '你好这是们说话国际测试简体汉语';
const EMOJI = ['😀', '🎉', '🚀', '👍🏽', '❤️', '🇯🇵', '𝄞', '𠀋'];
const HANGUL = '한국어텍스트안녕하세요';

function pickString(r: () => number, alphabet: string, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(r() * alphabet.length)];
  return s;
}

function latin1Char(r: () => number): string {
  return String.fromCharCode(0xa0 + Math.floor(r() * 0x60));
}

/** A random text of `kind` with about `n` characters. */
export function randomText(r: () => number, kind: Kind, n: number): string {
  switch (kind) {
    case 'numeric':
      return pickString(r, DIGITS, n);
    case 'alphanumeric':
      return pickString(r, ALNUM, n);
    case 'ascii': {
      let s = '';
      for (let i = 0; i < n; i++) s += String.fromCharCode(0x20 + Math.floor(r() * 95));
      return s;
    }
    case 'url':
      return `https://${pickString(r, 'abcdefghijklmnopqrstuvwxyz', 3 + Math.floor(r() * 10))}.example/${pickString(r, URL_CHARS, n)}`;
    case 'latin1': {
      let s = '';
      for (let i = 0; i < n; i++) s += r() < 0.3 ? latin1Char(r) : String.fromCharCode(0x20 + Math.floor(r() * 95));
      return s;
    }
    case 'utf8': {
      let s = '';
      for (let i = 0; i < n; i++) {
        const t = r();
        if (t < 0.15) s += EMOJI[Math.floor(r() * EMOJI.length)];
        else if (t < 0.35) s += CJK_ZH[Math.floor(r() * CJK_ZH.length)];
        else if (t < 0.45) s += HANGUL[Math.floor(r() * HANGUL.length)];
        else if (t < 0.55) s += latin1Char(r);
        else s += String.fromCharCode(0x20 + Math.floor(r() * 95));
      }
      return s;
    }
    case 'japanese': {
      let s = '';
      for (let i = 0; i < n; i++) {
        const t = r();
        if (t < 0.35) s += HIRAGANA[Math.floor(r() * HIRAGANA.length)];
        else if (t < 0.55) s += KATAKANA[Math.floor(r() * KATAKANA.length)];
        else if (t < 0.8) s += KANJI[Math.floor(r() * KANJI.length)];
        else if (t < 0.9) s += pickString(r, DIGITS, 1 + Math.floor(r() * 6));
        else s += pickString(r, 'ABCxyz-. ', 1);
      }
      return s;
    }
    case 'mixed': {
      const parts: Kind[] = ['numeric', 'alphanumeric', 'ascii', 'japanese', 'utf8', 'latin1'];
      let s = '';
      while (s.length < n) {
        const k = parts[Math.floor(r() * parts.length)]!; // r() in [0, 1)
        s += randomText(r, k, 1 + Math.floor(r() * Math.max(1, n / 4)));
      }
      return s;
    }
  }
}

/** Rough characters per version-40-L for each kind, to spread lengths over versions 1–40. */
const MAX_CHARS: Record<Kind, number> = {
  numeric: 7089,
  alphanumeric: 4296,
  ascii: 2953,
  url: 2900,
  latin1: 2200,
  utf8: 900,
  japanese: 1700,
  mixed: 1200,
};

/**
 * `count` cases starting at `first` (ids are global, so two files can split a run): kinds in rotation, ECL
 * in rotation, lengths skewed towards short texts but reaching version 40; every third case forces a
 * minimum version (so all 40 versions appear with short data too); masks automatic or fixed.
 */
export function makeCases(first: number, count: number, seed: number): Case[] {
  const cases: Case[] = [];
  const ecls: Ecl[] = ['L', 'M', 'Q', 'H'];
  for (let id = first; id < first + count; id++) {
    const r = prng(seed + id * 7919);
    const kind = KINDS[id % KINDS.length]!;
    const ecl = ecls[Math.floor(id / KINDS.length) % 4]!;
    const scale = [1, 1, 0.9, 0.7, 0.55, 0.45][ecls.indexOf(ecl)] ?? 1;
    const u = r();
    const n = Math.max(1, Math.floor(u * u * u * u * MAX_CHARS[kind] * scale));
    const minVersion = id % 3 === 0 ? 1 + (Math.floor(id / 3) % 40) : 1;
    const mask = id % 5 === 0 ? Math.floor(r() * 8) : -1;
    cases.push({ id, kind, text: randomText(r, kind, n), ecl, minVersion, mask });
  }
  return cases;
}
