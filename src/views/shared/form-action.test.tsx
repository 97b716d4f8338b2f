// @vitest-environment jsdom
// OpenableActionForm moves the keyboard with what it shows: to the form's first control when it
// opens, back to its button when it closes (the button and the form replace each other).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import en from '#locales/en.json';
import { createFormActionMachine } from '#machines/shared/form-action.machine.ts';
import { ActionField, OpenableActionForm, useFormAction } from './form-action.tsx';

const machine = createFormActionMachine({
  id: 'focusProbe',
  send: async () => ({ ok: true, status: 200, data: {}, headers: new Headers() }),
});

function Probe() {
  const action = useFormAction(machine, { name: 'Anna' });
  return (
    <OpenableActionForm
      action={action}
      openId="account.profile.edit"
      submitId="account.profile.save"
    >
      <ActionField action={action} field="name" labelId="account.profile.name" />
    </OpenableActionForm>
  );
}

afterEach(cleanup);

describe('OpenableActionForm', () => {
  it('takes the keyboard to the first field on open and back to its button on close', () => {
    render(
      <IntlProvider locale="en" messages={en as Record<string, string>}>
        <Probe />
      </IntlProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: en['account.profile.edit'] }));
    expect(document.activeElement).toBe(screen.getByLabelText(en['account.profile.name']));
    fireEvent.click(screen.getByRole('button', { name: en['account.common.back'] }));
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: en['account.profile.edit'] }),
    );
  });
});
