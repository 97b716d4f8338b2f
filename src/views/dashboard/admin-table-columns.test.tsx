// @vitest-environment jsdom
// The staff leads table's answers column: a Blueprint 100 lead's uploads read as file names.

import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COLUMNS } from './admin-table-columns.tsx';

describe('leads table, answers column', () => {
  it('lists answers in short, an uploaded file by its name', () => {
    const column = COLUMNS.leads.find((c) => c.key === 'answers')!;
    const row = {
      id: '6f1c2a9e-1111-4a4a-8a8a-000000000001',
      answers: {
        foundation_domain: 'bakkerij.nl',
        foundation_goals: ['leadCapture', 'blog'],
        branding_logoUpload: [
          { id: '6f1c2a9e-1111-4a4a-8a8a-000000000002', name: 'logo.svg', size: 10 },
        ],
      },
    };
    const { container } = render(<>{column.render(row, 'en', () => {})}</>);
    expect(container.textContent).toBe(
      'foundation_domain: bakkerij.nl · foundation_goals: leadCapture, blog · branding_logoUpload: logo.svg',
    );
  });
});
