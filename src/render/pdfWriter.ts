/**
 * A small PDF file writer: numbered objects, Flate streams, the cross-reference table and trailer. Enough for
 * one page of QR art; everything it writes is 8-bit text except stream bodies.
 */

/** Zlib-wrapped deflate (what /FlateDecode reads) with the platform's CompressionStream: worker, page or Node. */
export async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A string of 8-bit characters (content operators, latin-1 text) as bytes. */
export function latin1Bytes(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i) & 255;
  return out;
}

/** A PDF text string: a literal for printable ASCII, UTF-16BE with a byte-order mark otherwise. */
export function pdfTextString(s: string): string {
  if (/^[\x20-\x7e]*$/.test(s)) return '(' + s.replace(/[\\()]/g, (c) => '\\' + c) + ')';
  let hex = '<FEFF';
  for (let i = 0; i < s.length; i++) hex += s.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return hex + '>';
}

export class PdfWriter {
  private readonly bodies: (Uint8Array | null)[] = [];

  /** Reserves an object number (written later with `set`), so that objects can refer to each other. */
  reserve(): number {
    this.bodies.push(null);
    return this.bodies.length;
  }

  /** A plain object: `dict` is its whole body, e.g. `<< /Type /Catalog /Pages 2 0 R >>`. */
  set(id: number, dict: string): void {
    this.bodies[id - 1] = latin1Bytes(`${id} 0 obj\n${dict}\nendobj\n`);
  }

  add(dict: string): number {
    const id = this.reserve();
    this.set(id, dict);
    return id;
  }

  /** A stream object; `entries` are extra dictionary entries (the Length is added here). */
  setStream(id: number, entries: string, data: Uint8Array): void {
    const head = latin1Bytes(`${id} 0 obj\n<< ${entries} /Length ${data.length} >>\nstream\n`);
    const tail = latin1Bytes('\nendstream\nendobj\n');
    const body = new Uint8Array(head.length + data.length + tail.length);
    body.set(head);
    body.set(data, head.length);
    body.set(tail, head.length + data.length);
    this.bodies[id - 1] = body;
  }

  async addFlateStream(entries: string, data: Uint8Array): Promise<number> {
    const id = this.reserve();
    this.setStream(id, `${entries} /Filter /FlateDecode`.trim(), await deflate(data));
    return id;
  }

  /** The file: header, objects, xref table (one 20-byte line per object) and trailer. */
  output(root: number, info: number): Uint8Array<ArrayBuffer> {
    // A binary comment line marks the file as 8-bit for transfer tools.
    const parts: Uint8Array[] = [latin1Bytes('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n')];
    let offset = parts[0]!.length;
    let xref = `xref\n0 ${this.bodies.length + 1}\n0000000000 65535 f \n`;
    this.bodies.forEach((body, i) => {
      if (!body) throw new Error(`PDF object ${i + 1} was reserved but never written`);
      xref += `${String(offset).padStart(10, '0')} 00000 n \n`;
      parts.push(body);
      offset += body.length;
    });
    parts.push(
      latin1Bytes(
        `${xref}trailer\n<< /Size ${this.bodies.length + 1} /Root ${root} 0 R /Info ${info} 0 R >>\nstartxref\n${offset}\n%%EOF\n`,
      ),
    );
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
}
