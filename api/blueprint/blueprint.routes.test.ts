import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  QUESTIONS,
  blueprintRecommendation,
  type Answers,
  type UploadRef,
} from '#domain/blueprint.ts';
import { FULL_TEXT_ANSWERS } from '#domain/blueprint.fixtures.ts';
import { optionById, resolvePrice } from '#domain/catalogue.ts';
import { formatMoney } from '#domain/format.ts';
import { outbox } from '../db/schema.ts';
import { leads } from '../db/schema-leads.ts';
import { blueprintSubmissions, blueprintUploads } from '../db/schema-blueprint.ts';
import type { SessionUser } from '../http/auth.ts';
import { t as translate, type MessageKey } from '../i18n.ts';
import { answerText } from './blueprint-pdf.ts';
import { sanitizeSvg, sniffImageType } from './image-check.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { readPdf } from '../../tests/helpers/pdf-text.ts';

const NOW = new Date('2026-03-10T09:30:00Z');
/** A real 1 x 1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const LOGO_ID = '6f1c2a9e-1111-4a4a-8a8a-00000000000f';
let t: TestApp;
let user: SessionUser | null = null;
const staff: SessionUser = { id: 's1', email: 'staff@example.test', name: 'Staff', role: 'staff' };

/** A real PNG of w x h pixels in one colour. */
function png(w = 4, h = 3): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3, 0x80)]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const SVG = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10" fill="#0f766e" onclick="steal()"/><image href="https://evil.example/x.png"/><use xlink:href="https://evil.example/s.svg#a"/><use href="#local"/><a href="javascript:alert(3)"><circle r="2"/></a><foreignObject><div>x</div></foreignObject><rect style="fill:url(https://evil.example/p)" width="1" height="1"/></svg>`;

async function newDraft(answers: Answers = {}): Promise<string> {
  const res = await t.call('POST', '/api/blueprinthundred/drafts?lang=nl', {
    answers,
    sectionIndex: 0,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

function upload(token: string, question: string, bytes: Buffer, name: string, type = 'image/png') {
  const form = new FormData();
  form.set('question', question);
  form.set('file', new File([new Uint8Array(bytes)], name, { type }));
  return t.app.request(`/api/blueprinthundred/drafts/${token}/uploads`, {
    method: 'POST',
    body: form,
  });
}

async function uploaded(res: Response): Promise<UploadRef> {
  expect(res.status).toBe(201);
  return ((await res.json()) as { upload: UploadRef }).upload;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW, currentUser: async () => user });
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/blueprinthundred/pdf/create', () => {
  it.each(['nl', 'en'] as const)(
    'renders every answer, the score, the recommendation with catalogue prices (%s)',
    async (lang) => {
      const token = await newDraft();
      const assets = await uploaded(await upload(token, 'credibility_assets', png(), 'review.png'));
      const gif = await uploaded(
        await upload(token, 'credibility_assets', GIF, 'award.gif', 'image/gif'),
      );
      const logo = await uploaded(
        await upload(token, 'branding_logoUpload', Buffer.from(SVG), 'logo.svg', 'image/svg+xml'),
      );
      const answers: Answers = {
        ...FULL_TEXT_ANSWERS,
        credibility_assets: [assets, gif],
        branding_logoUpload: [logo],
      };
      const res = await t.call('POST', `/api/blueprinthundred/pdf/create?lang=${lang}`, {
        questions: QUESTIONS.map((q) => q.id),
        answers,
        recommendations: ['branding_premium'],
        draft: token,
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: string; filename: string };
      expect(body.filename).toBe('blueprint-100-100.pdf');
      const pdf = readPdf(Buffer.from(body.data, 'base64'));
      // cover + five sections + missing/recommendation page
      expect(pdf.pageCount).toBe(7);
      expect(pdf.embeddedFonts.some((f) => /LiberationSans/.test(f))).toBe(true);
      // the PNG and the GIF as thumbnails; the SVG logo as a tile with its name
      expect(pdf.imageCount).toBe(2);
      expect(pdf.text).toContain('SVG');
      const text = pdf.text.replace(/\n/g, ' ').replace(/[\u00a0\u202f]/g, ' ');
      expect(text).toContain(translate(lang, 'blueprint.summary.score', { score: 100 }));
      for (const question of QUESTIONS) {
        expect(text).toContain(
          translate(lang, `blueprint.question.${question.id}.summary` as MessageKey),
        );
        const answer = answerText(question, answers, lang);
        expect(answer).not.toBe('');
        // long answers wrap: check every word is on the page
        for (const word of answer.split(/\s+/)) expect(text).toContain(word);
      }
      expect(text).toContain('Wĳ bakken');
      expect(text).toContain('€ 3,50');
      for (const id of blueprintRecommendation(answers).products) {
        const option = optionById(id)!;
        expect(text).toContain(option.displayName[lang]);
        expect(text).toContain(
          formatMoney(resolvePrice(option.prices, { id }), lang).replace(/[\u00a0\u202f]/g, ' '),
        );
      }
      expect(text).not.toContain('Branding Premium');
    },
  );

  it('lists what is missing', async () => {
    const res = await t.call('POST', '/api/blueprinthundred/pdf/create?lang=en', {
      questions: [],
      answers: { foundation_domain: 'example.com' },
      recommendations: [],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: string; filename: string };
    expect(body.filename).toBe('blueprint-100-4.pdf');
    const text = readPdf(Buffer.from(body.data, 'base64')).text;
    expect(text).toContain('Mission is missing. Please fill it in.');
    expect(text).toContain('example.com');
  });

  it('refuses unknown questions and values it cannot keep', async () => {
    for (const answers of [{ nope: 'x' }, { foundation_domain: 42 }, { foundation_goals: [{}] }]) {
      const res = await t.call('POST', '/api/blueprinthundred/pdf/create', { answers });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        'VALIDATION_FAILED',
      );
    }
  });
});

describe('uploads', () => {
  it('stores an image by its content and serves it back; removable', async () => {
    const token = await newDraft();
    const ref = await uploaded(
      await upload(token, 'credibility_assets', png(), 'photo.jpg', 'image/jpeg'),
    );
    expect(ref.contentType).toBe('image/png');
    const get = await t.app.request(`/api/blueprinthundred/drafts/${token}/uploads/${ref.id}`);
    expect(get.status).toBe(200);
    expect(get.headers.get('Content-Type')).toBe('image/png');
    expect(get.headers.get('Content-Security-Policy')).toContain('sandbox');
    const del = await t.app.request(`/api/blueprinthundred/drafts/${token}/uploads/${ref.id}`, {
      method: 'DELETE',
    });
    expect(del.status).toBe(204);
    const again = await t.app.request(`/api/blueprinthundred/drafts/${token}/uploads/${ref.id}`);
    expect(again.status).toBe(404);
  });

  it('refuses a file that is not an image, and a disguised one', async () => {
    const token = await newDraft();
    const cases: Array<[Buffer, string, string]> = [
      [Buffer.from('hello'), 'notes.txt', 'text/plain'],
      [Buffer.from('%PDF-1.7\n...'), 'invoice.png', 'image/png'],
      [Buffer.from('MZ\x90\x00\x03'), 'logo.png', 'image/png'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'pic.svg', 'image/svg+xml'],
    ];
    for (const [bytes, name, type] of cases) {
      const res = await upload(token, 'credibility_assets', bytes, name, type);
      expect(res.status, name).toBe(400);
      const body = (await res.json()) as {
        error: { code: string; fields: Record<string, string> };
      };
      expect(body.error.fields.file).toBe('blueprint.upload.rejected.type');
    }
  });

  it('the logo accepts PNG or SVG only', async () => {
    const token = await newDraft();
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const res = await upload(token, 'branding_logoUpload', gif, 'logo.gif', 'image/gif');
    expect(res.status).toBe(400);
    await uploaded(await upload(token, 'credibility_assets', gif, 'ok.gif', 'image/gif'));
  });

  it('refuses a file over 5 MB', async () => {
    const token = await newDraft();
    const big = Buffer.concat([png(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(token, 'credibility_assets', big, 'big.png');
    expect(res.status).toBe(413);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields.file).toBe('blueprint.upload.rejected.size');
    const huge = Buffer.concat([png(), Buffer.alloc(7 * 1024 * 1024)]);
    expect((await upload(token, 'credibility_assets', huge, 'huge.png')).status).toBe(413);
  });

  it('refuses a sixth file', async () => {
    const token = await newDraft();
    for (let i = 0; i < 5; i++)
      await uploaded(await upload(token, 'credibility_assets', png(), `${i}.png`));
    const res = await upload(token, 'credibility_assets', png(), '6.png');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields.file).toBe('blueprint.upload.rejected.count');
  });

  it('sanitises an SVG: no scripts, no handlers, no external references', async () => {
    const token = await newDraft();
    const ref = await uploaded(
      await upload(token, 'branding_logoUpload', Buffer.from(SVG), 'l.svg', 'image/svg+xml'),
    );
    const [row] = await t.database.read((db) =>
      db.select().from(blueprintUploads).where(eq(blueprintUploads.id, ref.id)),
    );
    const svg = row!.data.toString('utf8');
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain('<rect width="10" height="10" fill="#0f766e"/>');
    expect(svg).toContain('<use href="#local"/>');
    for (const bad of [
      'script',
      'onload',
      'onclick',
      'evil.example',
      'javascript',
      'foreignObject',
      '<image',
      '<a ',
    ])
      expect(svg).not.toContain(bad);
  });

  it('unknown drafts are 404', async () => {
    const res = await upload('x'.repeat(43), 'credibility_assets', png(), 'a.png');
    expect(res.status).toBe(404);
  });
});

describe('sniffImageType and sanitizeSvg', () => {
  it('knows images by their first bytes', () => {
    expect(sniffImageType(png())).toBe('image/png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('<!-- c --><svg></svg>'))).toBe('image/svg+xml');
    expect(sniffImageType(Buffer.from('<svgx'))).toBeNull();
  });
  it('drops entities and CDATA tricks', () => {
    const out = sanitizeSvg(
      '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg><text>&x;<![CDATA[<script>]]></text><g style="background:url(&#x68;ttp://e)"/></svg>',
    )!;
    expect(out).not.toContain('ENTITY');
    expect(out).not.toContain('<script>');
    expect(out).toContain('<g/>');
  });
  it('drops style elements and attributes, whose CSS escapes fetch what no filter sees (issue 38)', () => {
    const out = sanitizeSvg(
      [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">',
        '<style>@\\69mport "https://evil.example/a.css"; rect { fill: u\\72l(https://evil.example/f) }</style>',
        '<style>svg { background: image-set("https://evil.example/b.png" 1x) }</style>',
        '<rect style="fill: u\\72l(https://evil.example/p)" width="10" height="10" fill="#0f766e"/>',
        '<circle style="background:image-set(\'https://evil.example/c.png\' 1x)" r="2"/>',
        '<path d="M0 0h1" fill="u\\72l(https://evil.example/q)" stroke="image-set(\'https://e.example/x\' 1x)"/>',
        '<rect fill="url(#local)" width="1" height="1"/>',
        '</svg>',
      ].join(''),
    )!;
    expect(out).not.toMatch(/style|evil|e\.example|image-set|\\/i);
    expect(out).toContain('<rect width="10" height="10" fill="#0f766e"/>');
    expect(out).toContain('<circle r="2"/>');
    expect(out).toContain('<path d="M0 0h1"/>');
    expect(out).toContain('fill="url(#local)"');
  });
});

describe('drafts', () => {
  it('saves, updates, mails a private link, and reads back with uploads', async () => {
    const token = await newDraft({ foundation_domain: 'a.nl' });
    const ref = await uploaded(await upload(token, 'credibility_assets', png(), 'a.png'));
    const put = await t.call('PUT', `/api/blueprinthundred/drafts/${token}`, {
      answers: { foundation_domain: 'b.nl', credibility_assets: [ref] },
      sectionIndex: 2,
    });
    expect(put.status).toBe(200);
    const link = await t.call('POST', `/api/blueprinthundred/drafts/${token}/resume-link?lang=nl`, {
      email: 'Ann@Example.nl',
    });
    expect(link.status).toBe(202);
    const mails = await t.database.read((db) =>
      db.select().from(outbox).where(eq(outbox.kind, 'blueprint-resume')),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('ann@example.nl');
    expect(mails[0]!.subject).toBe('Ga verder met je Blueprint 100');
    expect(mails[0]!.text).toContain(`http://localhost:3000/blueprint100?draft=${token}&lang=nl`);
    const get = await t.app.request(`/api/blueprinthundred/drafts/${token}`);
    expect(get.status).toBe(200);
    expect(await get.json()).toMatchObject({
      answers: { foundation_domain: 'b.nl' },
      sectionIndex: 2,
      uploads: [ref],
    });
    expect((await t.app.request('/api/blueprinthundred/drafts/nope')).status).toBe(404);
  });
});

describe('POST /api/blueprinthundred/send', () => {
  it('stores the lead with answers, score and consent, mails the PDF through the outbox (202)', async () => {
    user = null;
    const token = await newDraft();
    const ref = await uploaded(await upload(token, 'credibility_assets', png(), 'a.png'));
    const answers: Answers = { ...FULL_TEXT_ANSWERS, credibility_assets: [ref] };
    const send = () =>
      t.call(
        'POST',
        '/api/blueprinthundred/send',
        {
          email: 'Piet@Example.nl',
          name: 'Piet',
          consent: true,
          questions: QUESTIONS.map((q) => q.id),
          answers,
          recommendations: [],
          lang: 'nl',
          draft: token,
        },
        { 'Idempotency-Key': 'blueprint-send-0001' },
      );
    const res = await send();
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    const [lead] = await t.database.read((db) => db.select().from(leads).where(eq(leads.id, id)));
    expect(lead).toMatchObject({
      source: 'blueprint',
      email: 'piet@example.nl',
      lang: 'nl',
      subscribe: true,
    });
    expect(lead!.consentAt?.toISOString()).toBe(NOW.toISOString());
    expect(lead!.answers).toEqual(answers);
    const [submission] = await t.database.read((db) =>
      db.select().from(blueprintSubmissions).where(eq(blueprintSubmissions.leadId, id)),
    );
    expect(submission!.score).toBe(95);
    const mails = await t.database.read((db) =>
      db.select().from(outbox).where(eq(outbox.kind, 'blueprint')),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Je Blueprint 100: score 95/100');
    expect(mails[0]!.lang).toBe('nl');
    expect(mails[0]!.attachments[0]!.filename).toBe('blueprint-100-95.pdf');
    const attached = readPdf(Buffer.from(mails[0]!.attachments[0]!.content, 'base64'));
    expect(attached.text).toContain('Wĳ bakken');

    // the same request again changes nothing
    const again = await send();
    expect(again.status).toBe(202);
    expect(((await again.json()) as { id: string }).id).toBe(id);

    // staff see the lead with its score, uploads and PDF
    expect((await t.app.request(`/api/admin/leads/${id}`)).status).toBe(401);
    user = { ...staff, role: 'client' };
    expect((await t.app.request(`/api/admin/leads/${id}`)).status).toBe(403);
    user = staff;
    const admin = await t.app.request(`/api/admin/leads/${id}`);
    expect(admin.status).toBe(200);
    const view = (await admin.json()) as {
      blueprint: {
        score: number;
        uploads: Array<{ id: string; url: string }>;
        pdf: { url: string };
      };
    };
    expect(view.blueprint.score).toBe(95);
    expect(view.blueprint.uploads.map((u) => u.id)).toEqual([ref.id]);
    // The lead keeps its images after the visitor removes them from the draft (B12-1).
    const removed = await t.app.request(`/api/blueprinthundred/drafts/${token}/uploads/${ref.id}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(204);
    const later = (await (await t.app.request(`/api/admin/leads/${id}`)).json()) as typeof view;
    expect(later.blueprint.uploads.map((u) => u.id)).toEqual([ref.id]);
    expect(view.blueprint.uploads[0]!.url).toBe(`/api/admin/leads/${id}/uploads/${ref.id}`);
    const file = await t.app.request(view.blueprint.uploads[0]!.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(png())).toBe(true);
    expect((await t.app.request(`/api/admin/leads/${id}/uploads/${LOGO_ID}`)).status).toBe(404);
    const pdf = await t.app.request(view.blueprint.pdf.url);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    expect(readPdf(new Uint8Array(await pdf.arrayBuffer())).pageCount).toBe(7);
    user = null;
    expect((await t.app.request(`/api/admin/uploads/${ref.id}`)).status).toBe(401);
    expect((await t.app.request(view.blueprint.uploads[0]!.url)).status).toBe(401);
  });

  it('in English without consent; bad email is VALIDATION_FAILED with the SPEC key', async () => {
    const res = await t.call('POST', '/api/blueprinthundred/send', {
      email: 'jo@example.com',
      questions: [],
      answers: { foundation_domain: 'jo.com' },
      recommendations: [],
      lang: 'en',
    });
    expect(res.status).toBe(202);
    const mails = await t.database.read((db) =>
      db.select().from(outbox).where(eq(outbox.to, 'jo@example.com')),
    );
    expect(mails[0]!.subject).toBe('Your Blueprint 100: score 4/100');
    const bad = await t.call('POST', '/api/blueprinthundred/send', {
      email: 'nope',
      answers: {},
    });
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields.email,
    ).toBe('form.validation.invalidEmail');
  });
});
