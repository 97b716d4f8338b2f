// Builders of the legal documents' blocks and sections (see legal-documents.ts for the shapes).

import type { LegalBlock, LegalSection } from './legal-documents.ts';

export const p = (id: string): LegalBlock => ({ kind: 'p', id });
export const h3 = (id: string): LegalBlock => ({ kind: 'h3', id });
export const ul = (...items: string[]): LegalBlock => ({ kind: 'ul', items });
export const formula = (id: string): LegalBlock => ({ kind: 'formula', id });
export const note = (id: string): LegalBlock => ({ kind: 'note', id });

/** A section whose heading is `<prefix>.<key>.heading`; plain ids become paragraphs. */
export const section = (
  prefix: string,
  anchor: string,
  key: string,
  blocks: readonly string[] | readonly LegalBlock[],
): LegalSection => ({
  anchor,
  headingId: `${prefix}.${key}.heading`,
  blocks: blocks.map((b) => (typeof b === 'string' ? p(b) : b)),
});
