// The domain list: every transition of its chart (model-based), the loaded list's walk. The model
// is tests/paths/models/domain-list.ts, the one `npm run paths -- domainList` prints.

import { describe } from 'vitest';
import { walkLoadedList } from '#tests/helpers/loaded-list-walk.ts';
import { domains, model } from '#tests/paths/models/domain-list.ts';
import { domainListMachine } from './domain-list.machine.ts';

describe('domain list (model-based)', () => {
  walkLoadedList({
    machine: domainListMachine,
    input: { lang: 'en', scope: 'account' },
    model,
    items: domains,
  });
});
