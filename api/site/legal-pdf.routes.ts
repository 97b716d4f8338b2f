import { Hono } from 'hono';
import { jsPDF } from 'jspdf';
import type { Lang } from '#domain/language.ts';
import {
  LEGAL_COMMON_IDS,
  LEGAL_COMPANY_ON_REQUEST_ID,
  LEGAL_DOCUMENT,
  isLegalPdfSlug,
  type LegalBlock,
  type LegalCell,
  type LegalDocument,
  type LegalPdfSlug,
} from '#domain/legal-documents.ts';
import { requestLang } from '../http/language.ts';
import { t as translate, type MessageKey, type MessageValues } from '../i18n.ts';

// GET /legal/terms-and-conditions.pdf, /legal/sla.pdf, /legal/aup.pdf (SPEC section 2: the full
// terms, SLA and acceptable-use policy are also linked as PDFs). The text comes from the same
// catalogue keys and the same section lists (domain/legal-documents.ts) as the web pages, in the
// language of `lang`, else Accept-Language, else English. Each PDF is built once per document and
// language and then served from memory.

// Only a cache, per server: the same PDF is rebuilt the same way anywhere.
const cache = new Map<string, ArrayBuffer>();

export function legalPdfRoutes() {
  return new Hono().get('/legal/:doc{(?:terms-and-conditions|sla|aup)\\.pdf}', (c) => {
    const slug = c.req.param('doc').replace(/\.pdf$/, '');
    if (!isLegalPdfSlug(slug)) return c.notFound();
    const lang = requestLang(c);
    const key = `${slug}:${lang}`;
    let pdf = cache.get(key);
    if (!pdf) {
      pdf = renderLegalPdf(slug, lang);
      cache.set(key, pdf);
    }
    return c.body(pdf, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${slug}.pdf"`,
      'Content-Language': lang,
      'Cache-Control': 'public, max-age=3600',
      Vary: 'Accept-Language',
    });
  });
}

// A4 in millimetres.
const PAGE_WIDTH = 210;
const PAGE_HEIGHT = 297;
const MARGIN_X = 20;
const MARGIN_TOP = 22;
const MARGIN_BOTTOM = 20;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const PT_TO_MM = 0.3528;
const INK: [number, number, number] = [20, 33, 61];
const MUTED: [number, number, number] = [74, 85, 104];
const LINE: [number, number, number] = [217, 223, 235];

/**
 * The built-in PDF fonts use WinAnsi encoding: euro sign, curly quotes, dashes and Dutch accents
 * are fine, a few other characters are not. Replace those with their plain equivalents.
 */
export function pdfSafe(text: string): string {
  return text
    .replace(/[\u00a0\u2007\u202f]/g, ' ')
    .replace(/[\u2010\u2011\u2212]/g, '-')
    .replace(/\u0133/g, 'ij')
    .replace(/\u0132/g, 'IJ');
}

/** Builds the PDF of one document in one language. */
export function renderLegalPdf(slug: LegalPdfSlug, lang: Lang): ArrayBuffer {
  // The documents' ids are data (domain/legal-*.ts); `translate` refuses an unknown one.
  const t = (id: string, values?: MessageValues): string =>
    pdfSafe(translate(lang, id as MessageKey, values));
  const doc: LegalDocument = LEGAL_DOCUMENT[slug];
  const pdf = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
  const brand = t(LEGAL_COMMON_IDS.brand);
  const title = t(doc.titleId);
  pdf.setProperties({
    title: `${title} | ${brand}`,
    subject: t(doc.subtitleId),
    author: brand,
    creator: brand,
  });
  pdf.setLanguage(lang === 'nl' ? 'nl' : 'en-US');
  pdf.setTextColor(...INK);

  let y = MARGIN_TOP;

  const lineHeight = (size: number) => size * PT_TO_MM * 1.4;
  const ensureSpace = (height: number) => {
    if (y + height > PAGE_HEIGHT - MARGIN_BOTTOM) {
      pdf.addPage();
      y = MARGIN_TOP;
    }
  };
  const write = (
    text: string,
    options: {
      size?: number;
      style?: 'normal' | 'bold' | 'italic';
      indent?: number;
      color?: [number, number, number];
      after?: number;
    } = {},
  ) => {
    const size = options.size ?? 10;
    const indent = options.indent ?? 0;
    pdf.setFont('helvetica', options.style ?? 'normal');
    pdf.setFontSize(size);
    pdf.setTextColor(...(options.color ?? INK));
    const lines: string[] = pdf.splitTextToSize(text, CONTENT_WIDTH - indent);
    const height = lineHeight(size);
    for (const line of lines) {
      ensureSpace(height);
      pdf.text(line, MARGIN_X + indent, y, { baseline: 'top' });
      y += height;
    }
    y += options.after ?? 2.5;
  };

  const cellText = (cell: LegalCell) =>
    typeof cell === 'string' ? t(cell) : t(LEGAL_COMPANY_ON_REQUEST_ID);

  const writeBlock = (block: LegalBlock) => {
    switch (block.kind) {
      case 'p':
        write(t(block.id));
        return;
      case 'h3':
        y += 1.5;
        ensureSpace(lineHeight(11) + lineHeight(10) * 2);
        write(t(block.id), { size: 11, style: 'bold', after: 1.5 });
        return;
      case 'ul':
        for (const id of block.items) {
          ensureSpace(lineHeight(10));
          pdf.setFont('helvetica', 'normal');
          pdf.setFontSize(10);
          pdf.setTextColor(...INK);
          pdf.text('\u2022', MARGIN_X + 1.5, y, { baseline: 'top' });
          write(t(id), { indent: 6, after: 1.2 });
        }
        y += 1.3;
        return;
      case 'formula': {
        pdf.setFont('helvetica', 'bold');
        pdf.setFontSize(10);
        const lines: string[] = pdf.splitTextToSize(t(block.id), CONTENT_WIDTH - 8);
        const height = lines.length * lineHeight(10) + 4;
        ensureSpace(height);
        pdf.setFillColor(245, 247, 251);
        pdf.setDrawColor(...LINE);
        pdf.rect(MARGIN_X, y, CONTENT_WIDTH, height, 'FD');
        y += 2;
        write(t(block.id), { style: 'bold', indent: 4, after: 4.5 });
        return;
      }
      case 'note':
        write(t(block.id), { style: 'italic', color: MUTED });
        return;
      case 'table': {
        write(t(block.captionId), { style: 'bold', size: 10, after: 1 });
        const rows: string[][] = [
          ...(block.head ? [block.head.map((id) => t(id))] : []),
          ...block.rows.map((row) => row.map(cellText)),
        ];
        const columns = Math.max(...rows.map((row) => row.length));
        const width = CONTENT_WIDTH / columns;
        rows.forEach((row, rowIndex) => {
          const isHead = rowIndex === 0 && Boolean(block.head);
          pdf.setFont('helvetica', isHead ? 'bold' : 'normal');
          pdf.setFontSize(9);
          const wrapped = row.map(
            (text) =>
              pdf.splitTextToSize(text, (row.length === 1 ? CONTENT_WIDTH : width) - 2) as string[],
          );
          const height = Math.max(...wrapped.map((lines) => lines.length)) * lineHeight(9) + 2;
          ensureSpace(height);
          wrapped.forEach((lines, column) => {
            pdf.setFont('helvetica', isHead || column === 0 ? 'bold' : 'normal');
            pdf.text(lines, MARGIN_X + column * width + 1, y + 1, {
              baseline: 'top',
              lineHeightFactor: 1.4,
            });
          });
          y += height;
          pdf.setDrawColor(...LINE);
          pdf.line(MARGIN_X, y, MARGIN_X + CONTENT_WIDTH, y);
        });
        y += 4;
        return;
      }
    }
  };

  // Title block.
  write(brand, { size: 10, style: 'bold', color: MUTED, after: 1 });
  write(title, { size: 20, style: 'bold', after: 1.5 });
  write(t(doc.subtitleId), { size: 11, color: MUTED, after: 1 });
  write(t(LEGAL_COMMON_IDS.updated), { size: 9, color: MUTED, after: 3 });
  pdf.setDrawColor(...LINE);
  pdf.line(MARGIN_X, y, MARGIN_X + CONTENT_WIDTH, y);
  y += 5;

  doc.intro.forEach(writeBlock);
  doc.sections.forEach((section, index) => {
    y += 3;
    ensureSpace(lineHeight(13) + lineHeight(10) * 3);
    write(`${index + 1}. ${t(section.headingId)}`, { size: 13, style: 'bold', after: 2 });
    section.blocks.forEach(writeBlock);
  });

  // Footer with page numbers.
  const pages = pdf.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    pdf.setPage(page);
    pdf.setFont('helvetica', 'normal');
    pdf.setFontSize(8);
    pdf.setTextColor(...MUTED);
    pdf.text(`${brand} - ${title}`, MARGIN_X, PAGE_HEIGHT - 10);
    const label = t(LEGAL_COMMON_IDS.pdfPage, { page, pages });
    pdf.text(label, PAGE_WIDTH - MARGIN_X, PAGE_HEIGHT - 10, { align: 'right' });
  }

  return pdf.output('arraybuffer');
}
