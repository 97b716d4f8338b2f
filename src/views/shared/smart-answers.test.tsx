// @vitest-environment jsdom
// Staff read a visitor's planner, quiz and lead-form answers as questions and chosen answers.

import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import type { SmartLeadFormAnswers } from '#domain/smart-answers.ts';
import { SmartAnswersList } from './smart-answers.tsx';

const RECORD: SmartLeadFormAnswers = {
  quiz: {
    situation: 'haveWebsite',
    goal: 'getClients',
    budget: 'premium',
    involvement: 'handsOff',
    timeline: 'now',
  },
  leadForm: { goal: 'sellProducts', need: 'improveCurrent', booked: true },
};

function show(lang: 'en' | 'nl', record: SmartLeadFormAnswers | null) {
  render(
    <IntlProvider locale={lang} messages={(lang === 'en' ? en : nl) as Record<string, string>}>
      <SmartAnswersList record={record} />
    </IntlProvider>,
  );
}

/** The answer shown under a question, read from the description list. */
function answerTo(group: HTMLElement, question: string): string {
  const term = within(group).getByText(question);
  return term.nextElementSibling?.textContent ?? '';
}

describe('SmartAnswersList', () => {
  it('shows each flow with its questions and answers, in English', () => {
    show('en', RECORD);
    const quiz = screen.getByRole('heading', {
      name: 'Answers from the smart quiz',
    }).parentElement!;
    expect(answerTo(quiz, 'Which describes your business best?')).toBe(
      'I have a website and want more clients',
    );
    expect(answerTo(quiz, 'What monthly budget feels comfortable?')).toBe('Premium');
    expect(answerTo(quiz, 'When would you like to start?')).toBe('Right away');
    const form = screen.getByRole('heading', { name: 'Answers from the lead form' }).parentElement!;
    expect(answerTo(form, 'What should your website do for you?')).toBe('Sell products online');
    expect(answerTo(form, 'And what do you need most? (optional)')).toBe(
      'Improve my current website',
    );
    expect(answerTo(form, 'Wanted to book a call')).toBe('Yes');
  });

  it('in Dutch', () => {
    show('nl', { leadForm: { goal: 'showcase', booked: false } });
    const form = screen.getByRole('heading', {
      name: 'Antwoorden uit het aanvraagformulier',
    }).parentElement!;
    expect(answerTo(form, 'Wilde een gesprek inplannen')).toBe('Nee');
  });

  it('says so when there are none', () => {
    show('en', null);
    expect(screen.getByText('No answers')).toBeInTheDocument();
  });
});
