// Reads a PDF written by jsPDF back in tests, with no extra tool: the objects, the page count, the
// embedded fonts, and the text of every page. Text drawn with an embedded TrueType font is a row
// of glyph ids (`<0025004f...> Tj`); each font's ToUnicode CMap turns them back into characters.
// Good enough for our own documents (jsPDF's output), not a general PDF parser.

import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function objects(pdf: Uint8Array): Map<number, PdfObject> {
  const bytes = Buffer.from(pdf);
  const text = bytes.toString('latin1');
  const map = new Map<number, PdfObject>();
  const pattern = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const body = match[2] ?? '';
    const at = body.indexOf('stream');
    if (at < 0) {
      map.set(Number(match[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, at);
    const startInText = match.index + match[0].indexOf(body) + at + 'stream'.length;
    const start = text[startInText] === '\r' ? startInText + 2 : startInText + 1;
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? '0');
    let stream: Buffer = bytes.subarray(start, start + length);
    if (/\/FlateDecode/.test(dict)) {
      try {
        stream = inflateSync(stream);
      } catch {
        // left as is
      }
    }
    map.set(Number(match[1]), { dict, stream });
  }
  return map;
}

function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const hex = (h: string) => parseInt(h, 16);
  const chars = (h: string) => {
    let out = '';
    for (let i = 0; i < h.length; i += 4) out += String.fromCharCode(hex(h.slice(i, i + 4)));
    return out;
  };
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const pair of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(hex(pair[1]!), chars(pair[2]!));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const range of (block[1] ?? '').matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g,
    )) {
      const from = hex(range[1]!);
      const to = hex(range[2]!);
      const first = hex(range[3]!);
      for (let code = from; code <= to; code++)
        map.set(code, String.fromCharCode(first + code - from));
    }
  return map;
}

export interface PdfSummary {
  pageCount: number;
  /** BaseFont names of fonts with an embedded font file (FontFile/FontFile2/FontFile3). */
  embeddedFonts: string[];
  /** The text of each page, lines joined by "\n". */
  pages: string[];
  /** All pages' text. */
  text: string;
  /** Number of image XObjects (drawn pictures such as thumbnails). */
  imageCount: number;
}

export function readPdf(pdf: Uint8Array): PdfSummary {
  const all = objects(pdf);
  const ref = (dict: string, key: string) => {
    const match = new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dict);
    return match ? Number(match[1]) : null;
  };
  const embeddedFonts: string[] = [];
  for (const object of all.values()) {
    if (!/\/Type\s*\/FontDescriptor/.test(object.dict)) continue;
    if (!/\/FontFile[23]?\s+\d+ 0 R/.test(object.dict)) continue;
    embeddedFonts.push(/\/FontName\s*\/([^\s/>]+)/.exec(object.dict)?.[1] ?? '?');
  }
  // Font resource name (e.g. F15) to its ToUnicode map.
  const cmaps = new Map<string, Map<number, string>>();
  for (const object of all.values()) {
    const fontDict = /\/Font\s*<<([\s\S]*?)>>/.exec(object.dict)?.[1];
    if (!fontDict) continue;
    for (const entry of fontDict.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
      const font = all.get(Number(entry[2]));
      const unicodeRef = font ? ref(font.dict, 'ToUnicode') : null;
      const stream = unicodeRef !== null ? all.get(unicodeRef)?.stream : null;
      if (stream) cmaps.set(entry[1]!, toUnicode(stream.toString('latin1')));
    }
  }
  const pageObjects = [...all.values()].filter((o) => /\/Type\s*\/Page[^s]/.test(o.dict));
  const pages = pageObjects.map((page) => {
    const contentRef = ref(page.dict, 'Contents');
    const content =
      contentRef !== null ? (all.get(contentRef)?.stream?.toString('latin1') ?? '') : '';
    const lines: string[] = [];
    let font = '';
    for (const op of content.matchAll(
      /\/(\w+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g,
    )) {
      if (op[1]) {
        font = op[1];
        continue;
      }
      if (op[2] !== undefined) {
        const map = cmaps.get(font);
        let line = '';
        for (let i = 0; i < op[2].length; i += 4) {
          const code = parseInt(op[2].slice(i, i + 4), 16);
          line += map?.get(code) ?? '\uFFFD';
        }
        lines.push(line);
      } else if (op[3] !== undefined) lines.push(op[3].replace(/\\(.)/g, '$1'));
    }
    return lines.join('\n');
  });
  const imageCount = [...all.values()].filter(
    (o) => /\/Type\s*\/XObject/.test(o.dict) && /\/Subtype\s*\/Image/.test(o.dict),
  ).length;
  return { pageCount: pages.length, embeddedFonts, pages, text: pages.join('\n'), imageCount };
}
