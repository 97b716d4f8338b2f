import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { LEGAL_PDF_SLUGS } from '#domain/legal-documents.ts';
import { legalPdfRoutes, pdfSafe } from './legal-pdf.routes.ts';

const app = new Hono().route('/', legalPdfRoutes());

async function startsWithPdf(response: Response): Promise<boolean> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  return new TextDecoder('latin1').decode(bytes.slice(0, 5)) === '%PDF-';
}

describe('GET /legal/:doc.pdf', () => {
  it('serves the SLA in Dutch as an inline PDF', async () => {
    const response = await app.request('/legal/sla.pdf?lang=nl');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('inline; filename="sla.pdf"');
    expect(response.headers.get('content-language')).toBe('nl');
    expect(await startsWithPdf(response)).toBe(true);
  });

  it.each(LEGAL_PDF_SLUGS)('serves %s in both languages', async (slug) => {
    for (const lang of ['en', 'nl']) {
      const response = await app.request(`/legal/${slug}.pdf?lang=${lang}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe(`inline; filename="${slug}.pdf"`);
      expect(await startsWithPdf(response)).toBe(true);
    }
  });

  it('takes the language from Accept-Language without a lang query, else English', async () => {
    const dutch = await app.request('/legal/aup.pdf', {
      headers: { 'Accept-Language': 'nl-NL,nl;q=0.9,en;q=0.8' },
    });
    expect(dutch.headers.get('content-language')).toBe('nl');
    const fallback = await app.request('/legal/aup.pdf', {
      headers: { 'Accept-Language': 'de-DE' },
    });
    expect(fallback.headers.get('content-language')).toBe('en');
  });

  it('serves the same bytes again from memory', async () => {
    const first = new Uint8Array(
      await (await app.request('/legal/terms-and-conditions.pdf?lang=en')).arrayBuffer(),
    );
    const second = new Uint8Array(
      await (await app.request('/legal/terms-and-conditions.pdf?lang=en')).arrayBuffer(),
    );
    expect(second).toEqual(first);
  });

  it('answers 404 for an unknown document or a page path', async () => {
    expect((await app.request('/legal/unknown.pdf')).status).toBe(404);
    expect((await app.request('/legal/privacy-policy.pdf')).status).toBe(404);
    expect((await app.request('/legal/sla')).status).toBe(404);
    expect((await app.request('/legal/sla.pdfx')).status).toBe(404);
  });
});

describe('pdfSafe', () => {
  it('replaces characters the built-in fonts cannot show', () => {
    expect(pdfSafe('\u0133s\u00a0\u20ac\u00a030 \u2212 5')).toBe('ijs € 30 - 5');
  });
});
