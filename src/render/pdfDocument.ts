/**
 * The PDF document around our drawing, made by jsPDF: the page and its boxes, fonts, images, forms, compression,
 * cross-references and metadata. Our code writes the page's operators (`write`). What jsPDF has no API for is
 * done here through the interface jsPDF gives its own plugins (`doc.internal`: its events, `newObject`,
 * `putStream`), so jsPDF still numbers, compresses and cross-references every object:
 * - XObjects it cannot describe (`xobject`): a form with its own resources (a soft mask and a shading that may
 *   be DeviceCMYK, for gradients), images from raw pixels (DeviceCMYK; or RGB compressed: its RGBA path writes
 *   them uncompressed), and a JPEG its header reader misreads (pdf.ts).
 * - Non-ASCII titles (`setInfo`): jsPDF writes them as UTF-16 in a literal string without escaping a CR byte
 *   (U+010D, U+4E0D …), which readers take as LF (PDF 32000-1 7.3.4.2), and Latin-1-only ones as PDFDocEncoding
 *   (U+00A0 reads as €). It writes a placeholder of the same length, replaced by a hex string.
 */
import { jsPDF } from 'jspdf';

/** A stream's dictionary entries besides Length and Filter, by key without the slash. */
export type StreamEntries = Record<string, string | number>;

/** Writes objects of our own while jsPDF writes the document's resources. */
export interface ObjectWriter {
  /** A plain object (a dictionary); returns its number. */
  object(dict: string): number;
  /**
   * A stream object, Flate-compressed unless `compress` is false (data already encoded, as a JPEG); `data` is
   * 8-bit text (one character a byte). Returns its number.
   */
  stream(entries: StreamEntries, data: string, compress?: boolean): number;
  /** The object number of a form made by `form()`, by its resource name. */
  formNumber(name: string): number;
}

/** What jsPDF gives its plugins on `doc.internal`, beside what its type declarations list. */
interface PluginApi {
  events: jsPDF['internal']['events'];
  write(...parts: string[]): void;
  newObject(): number;
  putStream(options: {
    data: string;
    additionalKeyValues: { key: string; value: string | number }[];
    filters: string[];
    objectId: number;
  }): void;
}

/** A form object as jsPDF publishes it on `addFormObject`; `objectNumber` is set when it is written. */
interface FormObject {
  id: string;
  objectNumber: number;
}

/** A bounding box in pt from the page's bottom-left corner. */
export interface PageBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Room for a form's anti-aliasing around its cell [0 0 1 1], in binary fractions (exact in jsPDF's numbers). */
const FORM_MARGIN = 0.125;

/** 8-bit text from bytes, one character a byte, in chunks that stay within the engine's argument limit. */
export function latin1Text(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return s;
}

/** A PDF hex string of the text in UTF-16BE with a byte-order mark (PDF 32000-1 7.9.2.2). */
function utf16Hex(s: string): string {
  let hex = '<FEFF';
  for (let i = 0; i < s.length; i++) hex += s.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return hex + '>';
}

export class PdfDocument {
  readonly doc: jsPDF;
  private readonly api: PluginApi;
  private readonly forms: FormObject[] = [];
  private titleHex: { placeholder: string; hex: string } | null = null;

  /** One square page of `sidePt`; `trim` and `bleed` are the print boxes, if any. */
  constructor(sidePt: number, boxes?: { trim: PageBox; bleed: PageBox }) {
    this.doc = new jsPDF({
      unit: 'pt',
      format: [sidePt, sidePt],
      compress: true,
      putOnlyUsedFonts: true,
      // Numbers jsPDF writes (boxes, text position) to 3 decimals, as ours are.
      floatPrecision: 3,
    });
    this.api = this.doc.internal as unknown as PluginApi;
    // Transparency groups and soft masks (gradients) are PDF 1.4; jsPDF says 1.3.
    (this.doc as unknown as { __private__: { setPdfVersion(v: string): void } }).__private__.setPdfVersion('1.4');
    this.api.events.subscribe('addFormObject', (form: FormObject) => this.forms.push(form));
    if (boxes) {
      // jsPDF writes the boxes of a page's context; it has no setter for them.
      const { pageContext } = this.doc.getCurrentPageInfo();
      const box = ({ x0, y0, x1, y1 }: PageBox) => ({ bottomLeftX: x0, bottomLeftY: y0, topRightX: x1, topRightY: y1 });
      pageContext.trimBox = box(boxes.trim);
      pageContext.bleedBox = box(boxes.bleed);
    }
  }

  /** Content operators appended to the page (or to the form being defined). */
  write(ops: string): void {
    this.api.write(ops);
  }

  /** A form XObject in its cell [0 0 1 1] drawn by `ops`; returns its resource name as jsPDF assigns it. */
  form(ops: string): string {
    const m = FORM_MARGIN;
    const index = this.forms.length;
    this.doc.beginFormObject(-m, -m, 1 + 2 * m, 1 + 2 * m, this.doc.Matrix(1, 0, 0, 1, 0, 0));
    this.api.write(ops);
    this.doc.endFormObject(`form${index}`);
    // jsPDF names the form when it is ended and publishes it (it has no getter for the name).
    const made = this.forms[index];
    if (!made) throw new Error('jsPDF did not publish the form it made');
    return made.id;
  }

  /**
   * An XObject written by `put` (which returns its object number) when the document is output, listed under
   * `name` in the page's resources.
   */
  xobject(name: string, put: (writer: ObjectWriter) => number): void {
    const { api, forms } = this;
    let id = 0;
    const writer: ObjectWriter = {
      object(dict) {
        const n = api.newObject();
        api.write(dict);
        api.write('endobj');
        return n;
      },
      stream(entries, data, compress = true) {
        const n = api.newObject();
        const additionalKeyValues = Object.entries(entries).map(([key, value]) => ({ key, value }));
        // The filter is given: jsPDF's image writer removes Flate from the document's default ones.
        api.putStream({ data, additionalKeyValues, filters: compress ? ['FlateEncode'] : [], objectId: n });
        api.write('endobj');
        return n;
      },
      formNumber(form) {
        const n = forms.find((f) => f.id === form)?.objectNumber ?? -1;
        if (n < 0) throw new Error(`No form ${form} was written`);
        return n;
      },
    };
    api.events.subscribe('putResources', () => {
      id = put(writer);
    });
    api.events.subscribe('putXobjectDict', () => api.write(`/${name} ${id} 0 R`));
  }

  /** Title, subject and creator in the document information. */
  setInfo(title: string): void {
    let shown = title;
    if (!/^[\x20-\x7e]*$/.test(title)) {
      const hex = utf16Hex(title);
      // "(" + placeholder + ")" takes the hex string's room exactly, so jsPDF's cross-reference stays right.
      this.titleHex = { placeholder: 'T'.repeat(hex.length - 2), hex };
      shown = this.titleHex.placeholder;
    }
    this.doc.setProperties({ title: shown, subject: 'QR code', creator: 'QRCraft' });
  }

  output(): Uint8Array<ArrayBuffer> {
    const bytes = new Uint8Array(this.doc.output('arraybuffer'));
    if (this.titleHex) {
      const { placeholder, hex } = this.titleHex;
      const key = '/Title ';
      const at = latin1Text(bytes).lastIndexOf(`${key}(${placeholder})`);
      if (at < 0) throw new Error('The PDF title is not where jsPDF writes it');
      for (let i = 0; i < hex.length; i++) bytes[at + key.length + i] = hex.charCodeAt(i);
    }
    return bytes;
  }
}
