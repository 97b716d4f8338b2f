// @vitest-environment jsdom
// The ticket form's own texts (issue 39): the length limit is shown with a counter before anything
// goes wrong, a message over it is refused with the limit named (not "This value is not valid."),
// and the thanks shows the ticket's reference that the mail also carries.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInEnglish, t } from '#tests/helpers/screens.tsx';
import { TicketForm } from './ticket-form.tsx';

vi.mock('#machines/contact-mode/contact-mode.actors.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  postTicket: vi.fn(() =>
    Promise.resolve({ ok: true, ticketId: '3f2a9c1b-0000-4000-8000-000000000000' }),
  ),
}));

describe('ticket form', () => {
  it('shows the limit with a counter, names it when passed, and shows the reference after sending', async () => {
    const user = userEvent.setup();
    renderInEnglish(<TicketForm lang="en" />);
    expect(screen.getByTestId('message-counter')).toHaveTextContent('0 of 5,000 characters');
    await user.type(screen.getByLabelText(t('contact.form.name')), 'Piet');
    await user.type(screen.getByLabelText(t('contact.form.email')), 'piet@example.nl');
    const message = screen.getByLabelText(t('contact.form.message'));
    await user.click(message);
    await user.paste('x'.repeat(5001));
    expect(screen.getByTestId('message-counter')).toHaveTextContent('5,001 of 5,000 characters');
    await user.click(screen.getByRole('button', { name: t('contact.form.submit') }));
    expect(screen.getByText(t('contact.form.messageTooLong'))).toBeInTheDocument();
    expect(screen.queryByText(t('form.validation.invalid'))).toBeNull();

    await user.type(message, '{Backspace}');
    await user.click(screen.getByRole('button', { name: t('contact.form.submit') }));
    await waitFor(() => expect(screen.getByTestId('ticket-reference')).toBeInTheDocument());
    expect(screen.getByTestId('ticket-reference')).toHaveTextContent('3F2A9C1B');
    expect(screen.getByRole('status')).toHaveTextContent(t('contact.form.success'));
  });
});
