// What an uploaded file really is, judged by its bytes (never by its name or the browser's type),
// and a sanitiser for SVG logos: an allow-list of drawing elements and attributes, so the stored
// SVG carries no script, no event handler and no reference outside itself.

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/svg+xml';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);

/** The image type the bytes carry, or null for anything else (including a disguised file). */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39))
    return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  if (looksLikeSvg(bytes)) return 'image/svg+xml';
  return null;
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  // Text only: a NUL byte means a binary file.
  if (bytes.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 4096));
  } catch {
    return false;
  }
  // Optional BOM, XML declaration, comments and doctype, then the <svg> root element.
  const head = text
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '')
    .replace(/^\s*<!DOCTYPE\s+svg[^>[]*(\[[\s\S]*?\])?\s*>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '')
    .trimStart();
  return /^<svg[\s>]/i.test(head);
}

const ALLOWED_ELEMENTS = new Set(
  [
    'svg',
    'g',
    'defs',
    'title',
    'desc',
    'path',
    'rect',
    'circle',
    'ellipse',
    'line',
    'polyline',
    'polygon',
    'text',
    'tspan',
    'lineargradient',
    'radialgradient',
    'stop',
    'clippath',
    'mask',
    'pattern',
    'symbol',
    'use',
  ].map((name) => name.toLowerCase()),
);

const ALLOWED_ATTRIBUTES = new Set(
  [
    'xmlns',
    'version',
    'id',
    'class',
    'width',
    'height',
    'viewbox',
    'preserveaspectratio',
    'x',
    'y',
    'x1',
    'x2',
    'y1',
    'y2',
    'cx',
    'cy',
    'r',
    'rx',
    'ry',
    'd',
    'points',
    'transform',
    'fill',
    'fill-opacity',
    'fill-rule',
    'clip-rule',
    'stroke',
    'stroke-width',
    'stroke-linecap',
    'stroke-linejoin',
    'stroke-miterlimit',
    'stroke-dasharray',
    'stroke-dashoffset',
    'stroke-opacity',
    'opacity',
    'color',
    'font-family',
    'font-size',
    'font-weight',
    'font-style',
    'text-anchor',
    'dominant-baseline',
    'letter-spacing',
    'offset',
    'stop-color',
    'stop-opacity',
    'gradientunits',
    'gradienttransform',
    'spreadmethod',
    'fx',
    'fy',
    'clip-path',
    'mask',
    'patternunits',
    'patterncontentunits',
    'patterntransform',
    'maskunits',
    'maskcontentunits',
    'clippathunits',
    'href',
    'xlink:href',
    'xmlns:xlink',
    'dx',
    'dy',
    'role',
    'aria-label',
    'aria-hidden',
    'focusable',
  ].map((name) => name.toLowerCase()),
);

/**
 * A value that points outside the document (anything but a `#fragment`), or runs script. Values
 * are read as CSS too (presentation attributes such as `fill` are CSS values), so a backslash (a
 * CSS escape: `u\72l(...)`, `@\69mport`) and the image functions that fetch (`image-set()`,
 * `image()`, `cross-fade()`, `src()`) are refused outright: a logo's drawing needs none of them.
 */
function isExternalOrActive(value: string): boolean {
  const compact = value.replace(/[\s\p{Cc}]+/gu, '').toLowerCase();
  if (compact.includes('\\')) return true;
  if (
    /javascript:|vbscript:|data:|expression\(|@import|behavior:|-moz-binding|image-set\(|image\(|cross-fade\(|src\(|element\(/.test(
      compact,
    )
  )
    return true;
  // url(...) must be a local fragment
  for (const match of compact.matchAll(/url\(([^)]*)\)/g)) {
    const target = (match[1] ?? '').replace(/^['"]|['"]$/g, '');
    if (!target.startsWith('#')) return true;
  }
  return false;
}

const decodeEntities = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;|&newline;/gi, '');

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Rebuilds the SVG from allowed elements and attributes only: `<script>`, `<foreignObject>`,
 * `<image>`, `<style>`, animation elements and everything inside them are dropped; `on*`
 * handlers and `style` attributes are dropped (CSS escapes would let a stylesheet fetch what no
 * filter sees: issue 38); `href`s other than `#fragment` and any `url()` or `@import` pointing outside are
 * dropped; processing instructions, doctypes (entities) and CDATA are removed. Returns null when
 * no `<svg>` root remains.
 */
export function sanitizeSvg(source: string): string | null {
  const text = source
    .replace(/^\uFEFF/, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, inner: string) =>
      inner.replace(/&/g, '&amp;').replace(/</g, '&lt;'),
    );
  const out: string[] = [];
  /** depth inside a dropped element (its whole subtree is dropped) */
  let dropping = 0;
  const stack: string[] = [];
  const tag =
    /<(\/?)([a-zA-Z][\w:.-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>/g;
  let last = 0;
  let sawRoot = false;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    const between = text.slice(last, match.index);
    last = tag.lastIndex;
    if (dropping === 0 && stack.length > 0) {
      out.push(between.replace(/</g, '&lt;'));
    }
    const [, closing, rawName = '', rawAttributes = '', selfClosing] = match;
    const name = rawName.toLowerCase();
    const allowed = ALLOWED_ELEMENTS.has(name);
    if (closing) {
      if (dropping > 0) {
        dropping -= 1;
        continue;
      }
      if (allowed && stack[stack.length - 1] === name) {
        stack.pop();
        out.push(`</${rawName}>`);
      }
      continue;
    }
    if (dropping > 0 || !allowed) {
      if (!selfClosing) dropping += 1;
      continue;
    }
    if (name === 'svg') sawRoot = true;
    if (!sawRoot) continue;
    const attributes: string[] = [];
    for (const attr of rawAttributes.matchAll(
      /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g,
    )) {
      const attrName = (attr[1] ?? '').toLowerCase();
      const value = decodeEntities(attr[2] ?? attr[3] ?? attr[4] ?? '');
      if (!ALLOWED_ATTRIBUTES.has(attrName) || attrName.startsWith('on')) continue;
      if ((attrName === 'href' || attrName === 'xlink:href') && !value.trim().startsWith('#'))
        continue;
      if (isExternalOrActive(value)) continue;
      attributes.push(` ${attr[1]}="${escapeAttribute(value)}"`);
    }
    out.push(`<${rawName}${attributes.join('')}${selfClosing ? '/' : ''}>`);
    if (!selfClosing) stack.push(name);
  }
  if (!sawRoot) return null;
  while (stack.length > 0) out.push(`</${stack.pop()}>`);
  return out.join('');
}
