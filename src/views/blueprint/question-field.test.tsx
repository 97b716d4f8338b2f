// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { QUESTIONS, type AnswerValue } from '#domain/blueprint.ts';
import { renderInEnglish } from '#tests/helpers/screens.tsx';
import { QuestionField } from './question-field.tsx';

const keywords = QUESTIONS.find((q) => q.id === 'content_keywords')!;

/** The keyword list with its answer kept as the page keeps it. */
function KeywordList({ seen }: { seen: AnswerValue[] }) {
  const [value, setValue] = useState<AnswerValue | undefined>(undefined);
  return (
    <QuestionField
      question={keywords}
      value={value}
      disabled={false}
      uploadCount={0}
      draftToken={null}
      onAnswer={(next) => {
        seen.push(next);
        setValue(next);
      }}
      onUpload={() => {}}
      onRemoveUpload={() => {}}
    />
  );
}

describe('the keyword list (one per row)', () => {
  it('goes on to the next row with Enter, so two keywords never run together', async () => {
    const seen: AnswerValue[] = [];
    renderInEnglish(<KeywordList seen={seen} />);
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('textbox')[0]!);
    await user.keyboard('hairdresser utrecht{Enter}balayage');
    expect(seen.at(-1)).toEqual(['hairdresser utrecht', 'balayage']);
    expect(document.activeElement).toBe(screen.getAllByRole('textbox')[1]);
  });
});
