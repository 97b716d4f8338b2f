// The invoice-PDF worker thread from source, for tests (the server runs the built
// build/workers/invoice-pdf.worker.js): registers the repository's TypeScript loader in this
// thread, then runs api/invoices/invoice-pdf.worker.ts.
import { register } from 'node:module';

register('../../api/db/testing/ts-loader.mjs', import.meta.url);
await import('../../api/invoices/invoice-pdf.worker.ts');
