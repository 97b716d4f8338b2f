/**
 * The invoice-PDF worker thread (api/invoices/invoice-pdfs.ts), built to
 * `build/workers/invoice-pdf.worker.js`: renders one invoice at a time at the lowest CPU
 * priority, so under load drawing PDFs never takes a core from a customer's request.
 */
import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { renderInvoicePdf, type InvoiceDocument } from './invoice-pdf.ts';

try {
  // Linux: the nice value is per thread, and /proc/thread-self names this one.
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  setPriority(threadId, constants.priority.PRIORITY_LOW);
} catch {
  // elsewhere the worker runs at normal priority
}

parentPort!.on('message', (job: { id: string; document: InvoiceDocument }) => {
  try {
    const pdf = renderInvoicePdf(job.document);
    parentPort!.postMessage({ id: job.id, pdf }, [pdf.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort!.postMessage({ id: job.id, error: (error as Error).message });
  }
});
