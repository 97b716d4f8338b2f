// The domains' small flows (API.md section 12), each from the one "fill in, send, see the
// outcome" chart (machines/shared/form-action.machine.ts, decision A8).

import { createFormActionMachine } from '../shared/form-action.machine.ts';
import { domainCalls, domainChecks } from './domains.actors.ts';

/** New name servers (values: name, nameservers as text, lang). */
export const nameserversMachine = createFormActionMachine({
  id: 'domainNameservers',
  send: domainCalls.setNameservers,
  validate: domainChecks.nameservers,
});

/** The transfer's auth code (values: name, authCode, lang). */
export const authCodeMachine = createFormActionMachine({
  id: 'domainAuthCode',
  send: domainCalls.giveAuthCode,
  validate: domainChecks.authCode,
});

/** Staff: try a failed step again (values: name, lang). */
export const domainRetryMachine = createFormActionMachine({
  id: 'domainRetry',
  send: domainCalls.retry,
});
