/** The fixed benchmark corpus of issue 2 §4 (deterministic: generated from a fixed seed). */
import type { Ecl } from '../../src/encoder/index.ts';
import { xorshift32 } from '../helpers/prng.ts';

export interface CorpusEntry {
  name: string;
  ecl: Ecl;
  text: string;
}

const r = xorshift32(12345);
const pick = (alphabet: string, n: number): string => {
  let out = '';
  for (let i = 0; i < n; i++) out += alphabet[Math.floor(r() * alphabet.length)];
  return out;
};
const WORDS =
  'the quick brown fox jumps over lazy dog and then some more words appear in this sentence while we keep writing text for testing'.split(
    ' ',
  );

function prose(n: number, capitals: boolean): string {
  let out = '';
  while (out.length < n) {
    const w = WORDS[Math.floor(r() * WORDS.length)]!; // r() is in [0, 1)
    out +=
      (out ? ' ' : '') +
      (capitals && r() < 0.1 ? w.charAt(0).toUpperCase() + w.slice(1) : w) +
      (capitals && r() < 0.08 ? '.' : '');
  }
  return out.slice(0, n);
}

const JAPANESE =
  '吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。';

export const CORPUS: readonly CorpusEntry[] = [
  { name: 'URL, 30 chars (M)', ecl: 'M', text: 'https://qrcraft.app/p/Xy12abCd' },
  {
    name: 'vCard 3.0, 218 chars (Q)',
    ecl: 'Q',
    text: 'BEGIN:VCARD\nVERSION:3.0\nN:Doe;Jane;;;\nFN:Jane Doe\nORG:QRCraft Ltd\nTITLE:Engineer\nTEL;TYPE=CELL:+1-555-0100\nEMAIL:jane.doe@example.com\nURL:https://qrcraft.app\nADR;TYPE=WORK:;;1 Main St;Springfield;IL;62701;USA\nEND:VCARD',
  },
  { name: 'WIFI, 60 chars (M)', ecl: 'M', text: 'WIFI:T:WPA;S:QRCraft Guest;P:correct-horse-battery;H:false;;' },
  { name: 'text, 1,000 chars (H)', ecl: 'H', text: prose(1000, true) },
  { name: '2,953 bytes (40-L)', ecl: 'L', text: prose(2953, false) },
  { name: '7,089 digits (L)', ecl: 'L', text: pick('0123456789', 7089) },
  { name: '4,296 alphanumerics (L)', ecl: 'L', text: pick('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:', 4296) },
  { name: 'Japanese, 300 chars (M)', ecl: 'M', text: JAPANESE.repeat(5).slice(0, 300) },
  {
    name: 'lowercase URL, 80 chars (H)',
    ecl: 'H',
    text: 'https://shop.example.com/products/organic-green-tea?ref=qrcraft&utm_source=flyer',
  },
];

/** The renderer benchmarks' three inputs: a 30-character URL (M), a 200-character vCard (Q), 1000 characters (H, v36). */
export const URL30 = 'https://qrcraft.app/m/Xk2Lp9qA';
export const VCARD200 = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Margarethe Okonkwo',
  'ORG:Northwind Traders',
  'TEL;TYPE=CELL:+44 7700 900123',
  'EMAIL:m.okonkwo@northwind.example',
  'URL:https://northwind.example/team/mo',
  'ADR:;;1 Harbour Way;Bristol;;BS1 5TY;UK',
  'END:VCARD',
].join('\n');
export const TEXT1000 = (
  'https://qrcraft.app/a?d=' + 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(20)
).slice(0, 1000);
