import { jsPDF } from 'jspdf';
import {
  PALETTES,
  QUESTIONS,
  SECTION_IDS,
  blueprintRecommendation,
  blueprintScore,
  describeAnswer,
  isAnswered,
  missingQuestions,
  scoreBand,
  type Answers,
  type Question,
  type QuestionId,
  type UploadRef,
} from '#domain/blueprint.ts';
import { billingLabel, optionById, resolvePrice } from '#domain/catalogue.ts';
import { formatDate, formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import regularFont from '../assets/fonts/LiberationSans-Regular.ttf?inline';
import boldFont from '../assets/fonts/LiberationSans-Bold.ttf?inline';
import { isMessageKey, t as translate, type MessageKey, type MessageValues } from '../i18n.ts';

/**
 * The Blueprint 100 PDF (SPEC 7 and 8, API.md `POST /api/blueprinthundred/pdf/create`), drawn on
 * the server with jsPDF from the answers, the score and the server's own recommendation: a cover
 * with the score and its band, one part per section with every answer (colours as swatches, the
 * palette, the font's name, uploaded images as thumbnails (an SVG as a named tile), keywords),
 * what is missing, and the recommended package with prices from the catalogue. Liberation Sans
 * is embedded (jsPDF's built-in fonts cannot draw "ĳ"), so Dutch text and "€" come out right in
 * both languages.
 */

/** A catalogue message, or the id itself when a rule-book id has none (never a broken PDF). */
const messageOrId = (lang: Lang, id: string) => (isMessageKey(id) ? translate(lang, id) : id);

/** An uploaded image with its bytes, for a thumbnail. */
export interface PdfImage extends UploadRef {
  data: Buffer;
}

export interface BlueprintPdfInput {
  answers: Answers;
  lang: Lang;
  /** Uploaded files by id (only those the answers name are drawn). */
  images?: ReadonlyMap<string, PdfImage>;
  now?: Date;
}

const FONT_NAME = 'LiberationSans';
/** The stored types jsPDF draws as thumbnails in Node (SVG gets a named tile instead). */
const THUMBNAIL_FORMATS: Partial<Record<string, 'PNG' | 'JPEG' | 'GIF' | 'WEBP'>> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WEBP',
};
const dataOf = (inline: string) => inline.slice(inline.indexOf(',') + 1);

function hexToRgb(hex: string): [number, number, number] {
  const value = /^#?([0-9a-f]{6})$/i.exec(hex.trim())?.[1] ?? '999999';
  return [0, 2, 4].map((at) => parseInt(value.slice(at, at + 2), 16)) as [number, number, number];
}

/** The answer of one question as words (the rule book's `describeAnswer`, in `lang`). */
export function answerText(question: Question, answers: Answers, lang: Lang): string {
  return describeAnswer(question, answers, (id) => messageOrId(lang, id), {
    yes: translate(lang, 'blueprint.summary.yes'),
    no: translate(lang, 'blueprint.summary.no'),
  });
}

/** A question's short label (every question has one; the catalogue test scans the pattern). */
const summaryKey = (question: Question) =>
  `blueprint.question.${question.id}.summary` as MessageKey;

/** Draws the blueprint; answers the PDF's bytes. */
export function renderBlueprintPdf(input: BlueprintPdfInput): Uint8Array {
  const { answers, lang } = input;
  const t = (id: MessageKey, values?: MessageValues) => translate(lang, id, values);
  const score = blueprintScore(answers);
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
  doc.addFileToVFS('LiberationSans-Regular.ttf', dataOf(regularFont));
  doc.addFont('LiberationSans-Regular.ttf', FONT_NAME, 'normal');
  doc.addFileToVFS('LiberationSans-Bold.ttf', dataOf(boldFont));
  doc.addFont('LiberationSans-Bold.ttf', FONT_NAME, 'bold');
  doc.setProperties({ title: `Blueprint 100 (${score}/100)`, creator: 'Webstudio' });
  doc.setLanguage(lang === 'nl' ? 'nl' : 'en-US');

  const left = 20;
  const right = 190;
  const width = right - left;
  const bottom = 280;
  let y = 0;
  const font = (style: 'normal' | 'bold', size: number) =>
    doc.setFont(FONT_NAME, style).setFontSize(size);
  const ensure = (height: number) => {
    if (y + height > bottom) {
      doc.addPage();
      y = 20;
    }
  };
  const paragraph = (text: string, size = 10, style: 'normal' | 'bold' = 'normal', indent = 0) => {
    font(style, size);
    const lines = doc.splitTextToSize(text, width - indent) as string[];
    for (const line of lines) {
      ensure(size * 0.5);
      doc.text(line, left + indent, y);
      y += size * 0.45;
    }
  };

  // Cover: the score, its band and the date.
  doc.setFillColor(29, 78, 216).rect(0, 0, 210, 70, 'F');
  doc.setTextColor(255, 255, 255);
  font('bold', 30).text(t('page.blueprint.title'), left, 32);
  font('normal', 14).text(t('blueprint.summary.score', { score }), left, 46);
  font('normal', 11).text(formatDate(input.now ?? new Date(), lang), left, 58);
  doc.setTextColor(17, 24, 39);
  y = 86;
  paragraph(t(`blueprint.score.${scoreBand(score)}`), 13, 'bold');
  y += 2;
  paragraph(t('blueprint.page.intro'), 10);
  y += 4;

  // One part per section, every question with its answer.
  for (const section of SECTION_IDS) {
    doc.addPage();
    y = 24;
    paragraph(t(`blueprint.section.${section}.title`), 18, 'bold');
    y += 2;
    for (const question of QUESTIONS as readonly Question[]) {
      if (question.section !== section) continue;
      const label = t(summaryKey(question));
      ensure(14);
      paragraph(label, 11, 'bold');
      const value = answers[question.id as QuestionId];
      if (!isAnswered(question, value)) {
        doc.setTextColor(185, 28, 28);
        paragraph(t('blueprint.summary.missing', { label }), 10);
        doc.setTextColor(17, 24, 39);
        y += 3;
        continue;
      }
      if (question.type === 'colorpicker') {
        const colors = (Array.isArray(value) ? value : [value]).map(String);
        ensure(10);
        colors.forEach((color, index) => {
          doc.setFillColor(...hexToRgb(color));
          doc.setDrawColor(156, 163, 175).rect(left + index * 12, y - 3, 10, 7, 'FD');
        });
        y += 7;
      }
      if (question.type === 'palette') {
        const palette = PALETTES.find((p) => p.id === value);
        if (palette) {
          ensure(10);
          palette.colors.forEach((color, index) => {
            doc.setFillColor(...hexToRgb(color));
            doc.setDrawColor(156, 163, 175).rect(left + index * 12, y - 3, 10, 7, 'FD');
          });
          y += 7;
        }
      }
      paragraph(answerText(question, answers, lang), 10);
      if ((question.type === 'file' || question.type === 'multifile') && input.images) {
        let x = left;
        for (const ref of value as UploadRef[]) {
          const image = input.images.get(ref.id);
          if (!image) continue;
          const format = THUMBNAIL_FORMATS[image.contentType];
          const h = 28;
          const place = (w: number) => {
            if (x + w > right) {
              x = left;
              y += h + 3;
            }
            ensure(h + 3);
          };
          if (!format) {
            // SVG: jsPDF cannot draw it on the server; a framed tile with its name stands in.
            place(40);
            doc.setDrawColor(156, 163, 175).setFillColor(243, 244, 246).rect(x, y, 40, h, 'FD');
            font('bold', 9).text('SVG', x + 20, y + h / 2 - 1, { align: 'center' });
            const name = doc.splitTextToSize(image.name, 36) as string[];
            font('normal', 7).text(name[0] ?? '', x + 20, y + h / 2 + 4, { align: 'center' });
            x += 44;
            continue;
          }
          try {
            const props = doc.getImageProperties(new Uint8Array(image.data));
            const w = Math.min(40, (props.width / props.height) * h);
            place(w);
            doc.addImage(new Uint8Array(image.data), format, x, y, w, h);
            x += w + 4;
          } catch {
            // an image jsPDF cannot read is listed by name above, without a thumbnail
          }
        }
        if (x > left) y += 31;
      }
      y += 3;
    }
  }

  // What is missing, then the recommended package with catalogue prices.
  doc.addPage();
  y = 24;
  const missing = missingQuestions(answers);
  if (missing.length > 0) {
    paragraph(t('blueprint.pdf.stillToFill'), 16, 'bold');
    y += 2;
    for (const question of missing) {
      const label = t(summaryKey(question));
      paragraph(`• ${t('blueprint.summary.missing', { label })}`, 10);
    }
    y += 6;
  }
  paragraph(t('blueprint.plan.headline'), 16, 'bold');
  y += 2;
  paragraph(t('blueprint.plan.subline'), 10);
  y += 3;
  const { products } = blueprintRecommendation(answers);
  for (const id of products) {
    const option = optionById(id);
    if (!option) continue;
    ensure(8);
    const price = formatMoney(resolvePrice(option.prices, { id }), lang);
    const billing = t(`order.price.${billingLabel(option.prices)}`, { price });
    font('normal', 10).text(option.displayName[lang], left, y);
    doc.text(billing, right, y, { align: 'right' });
    y += 6;
  }
  y += 4;
  paragraph(t('blueprint.plan.tax'), 9);
  return new Uint8Array(doc.output('arraybuffer'));
}
