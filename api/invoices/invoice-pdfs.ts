/**
 * Invoice PDFs drawn in the background (issue 10, decision M9). The checkout answers as soon as
 * the order is committed; its invoice's PDF is queued here, rendered at low priority and stored
 * in `invoice_documents` (several in one write), once: every download and mail gets those bytes.
 *
 * With `workerFile` (the server: `build/workers/invoice-pdf.worker.js`) PDFs are drawn on a
 * worker thread at the lowest CPU priority, so while customers are waiting for their requests
 * the cores go to them and the PDFs follow when there is room. Without it (tests, tools) they are
 * drawn on the event loop right after the current work.
 *
 * Nothing depends on the queue surviving: a PDF that is not stored yet (a crash, a shutdown) is
 * rendered when first needed (`renderAndStoreInvoicePdf`, by the download or the mailer).
 */
import { Worker } from 'node:worker_threads';
import type { Database } from '../db/database.ts';
import { invoiceDocuments } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { renderInvoicePdf, type BankDetails, type InvoiceDocument } from './invoice-pdf.ts';
import { invoiceDocument, type InvoiceRow } from './invoices.ts';

export interface InvoicePdfs {
  /** Queues the PDF of a just-issued invoice; never throws. */
  add(invoice: InvoiceRow): void;
  /** Resolves when the invoice's queued PDF is stored (at once when it is not queued). */
  stored(invoiceId: string): Promise<void>;
  /** Resolves once every PDF queued so far is stored (or has failed). */
  settled(): Promise<void>;
  /** Stops the worker; what is still queued is rendered when first needed. */
  close(): Promise<void>;
}

type Renderer = { render(id: string, document: InvoiceDocument): Promise<Uint8Array> };

/** Draws on the event loop, after whatever is already waiting there. */
const inlineRenderer: Renderer = {
  render: (_id, document) =>
    new Promise((resolve, reject) =>
      setImmediate(() => {
        try {
          resolve(renderInvoicePdf(document));
        } catch (error) {
          reject(error as Error);
        }
      }),
    ),
};

/** Draws on one worker thread (started on demand, again after a crash), one PDF at a time. */
function workerRenderer(file: string): Renderer & { close(): Promise<void> } {
  let worker: Worker | null = null;
  const waiting = new Map<string, { resolve(pdf: Uint8Array): void; reject(e: Error): void }>();
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  const start = () => {
    const started = new Worker(file);
    started.unref();
    started.on('message', (answer: { id: string; pdf?: Uint8Array; error?: string }) => {
      const entry = waiting.get(answer.id);
      waiting.delete(answer.id);
      if (waiting.size === 0) started.unref();
      if (answer.pdf) entry?.resolve(answer.pdf);
      else entry?.reject(new Error(answer.error ?? 'invoice PDF not rendered'));
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', () => {
      if (worker === started) worker = null;
      failAll(new Error('invoice PDF worker stopped'));
    });
    return started;
  };
  return {
    render(id, document) {
      worker ??= start();
      worker.ref(); // queued work keeps the process alive until it is drawn
      const current = worker;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        current.postMessage({ id, document });
      });
    },
    async close() {
      const current = worker;
      worker = null;
      await current?.terminate();
    },
  };
}

/** PDFs stored per write (a PDF is about 5 KB of base64). */
const STORE_AT_ONCE = 4;

export function createInvoicePdfs(options: {
  database: Database;
  bank: BankDetails;
  logger: Logger;
  workerFile?: string | undefined;
}): InvoicePdfs {
  const { database, bank, logger } = options;
  const worker = options.workerFile ? workerRenderer(options.workerFile) : null;
  const renderer = worker ?? inlineRenderer;
  /** Queued invoice id -> settles when its PDF is stored. */
  const queued = new Map<string, Promise<void>>();
  /** Rendered, waiting for the next store. */
  const rendered: Array<{
    invoiceId: string;
    pdf: string;
    paidOn: string | null;
    done(): void;
    failed(e: Error): void;
  }> = [];
  let storing: Promise<void> | null = null;
  let closing = false;

  // One write for the PDFs rendered meanwhile (the first copy of a PDF stays: ON CONFLICT), a few
  // at a time: the embedded database writes on the event loop, so a long statement holds up
  // every request.
  const store = () => {
    if (storing || rendered.length === 0) return;
    const batch = rendered.splice(0, STORE_AT_ONCE);
    storing = database
      .write((tx) =>
        tx
          .insert(invoiceDocuments)
          .values(batch.map(({ invoiceId, pdf, paidOn }) => ({ invoiceId, pdf, paidOn })))
          .onConflictDoNothing(),
      )
      .then(
        () => batch.forEach((entry) => entry.done()),
        (error: Error) => batch.forEach((entry) => entry.failed(error)),
      )
      .finally(() => {
        storing = null;
        store();
      });
  };

  return {
    add(invoice) {
      if (queued.has(invoice.id)) return;
      const document = invoiceDocument(invoice, bank);
      const done = renderer
        .render(invoice.id, document)
        .then(
          (pdf) =>
            new Promise<void>((resolve, reject) => {
              rendered.push({
                invoiceId: invoice.id,
                pdf: Buffer.from(pdf).toString('base64'),
                paidOn: document.paidOn ?? null,
                done: resolve,
                failed: reject,
              });
              store();
            }),
        )
        .catch((error: Error) => {
          // Rendered later, when the download or the mail needs it.
          if (!closing)
            logger.warn({ err: error.message, invoice: invoice.number }, 'invoice PDF not stored');
        })
        .finally(() => queued.delete(invoice.id));
      queued.set(invoice.id, done);
    },
    stored: (invoiceId) => queued.get(invoiceId) ?? Promise.resolve(),
    async settled() {
      while (queued.size > 0) await Promise.all(queued.values());
    },
    async close() {
      closing = true;
      await worker?.close();
      await Promise.all(queued.values());
    },
  };
}
