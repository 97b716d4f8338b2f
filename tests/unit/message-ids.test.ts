// The build's message groups (scripts/message-groups.ts) hold the ids a module's code can name;
// an id it misses would show as a missing message in the browser (the client reports it as an
// error, so the browser suites catch it too).
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import { messageIdsIn, serverFieldIds, serverSources } from '../../scripts/message-groups.ts';

const IDS = [
  'app.brand',
  'planner.goal.leads',
  'planner.goal.sales',
  'planner.budget.low',
  'legal.sla.intro',
  'legal.aup.intro',
  'landing.faq.howLong.q',
  'order.domain.available',
];

describe('message ids a module can name', () => {
  it('finds ids written out, in JSX and in plain code', () => {
    const code = `
      const a = intl.formatMessage({ id: 'app.brand' });
      const b = <FormattedMessage id="order.domain.available" />;
      const c = "not.an.id";`;
    expect([...messageIdsIn(code, IDS, 'tsx')].sort()).toEqual([
      'app.brand',
      'order.domain.available',
    ]);
  });

  it('reads template literals as patterns over the ids', () => {
    const code = 'const m = (q, v) => `planner.${q}.${v}`;';
    expect([...messageIdsIn(code, IDS)].sort()).toEqual([
      'planner.budget.low',
      'planner.goal.leads',
      'planner.goal.sales',
    ]);
  });

  it('reads a constant of the same module inside a template', () => {
    const code = "const S = 'legal.sla'; const intro = `${S}.intro`;";
    expect([...messageIdsIn(code, IDS)]).toEqual(['legal.sla.intro']);
  });

  it('ignores templates that cannot be ids (no dot, or text that is no id)', () => {
    const code =
      'const url = `${origin}${path}`; const key = `${id}-heading`; const s = `${a}, ${b}.`;';
    expect([...messageIdsIn(code, IDS)]).toEqual([]);
  });

  it('reads TypeScript source as the tests read it', () => {
    const code = "const k: string = 'landing.faq.howLong.q'; type T = { id: string };";
    expect([...messageIdsIn(code, IDS, 'tsx')]).toEqual(['landing.faq.howLong.q']);
  });
});

describe('message keys an API answer can carry', () => {
  const KEYS = [
    'account.validation.wrongPassword',
    'admin.orders.providerPayment',
    'scheduler.validation.taken',
    'scheduler.validation.past',
    'quote.error.unknownPlan',
    'mail.order.subject',
    'landing.faq.howLong.q',
  ];

  it('holds every validation and error id, and what `fields` objects name', () => {
    const server = `
      const send = (reason: string) => {
        if (reason === 'x') throw new ApiError('VALIDATION_FAILED', { fields: { number: 'admin.orders.providerPayment' } });
        throw new ApiError('CONFLICT', { fields: { start: \`scheduler.validation.\${reason}\` } });
      };
      const subject = t(lang, 'mail.order.subject');`;
    expect([...serverFieldIds([server], KEYS)].sort()).toEqual([
      'account.validation.wrongPassword',
      'admin.orders.providerPayment',
      'quote.error.unknownPlan',
      'scheduler.validation.past',
      'scheduler.validation.taken',
    ]);
  });

  it('reads the real server without failing, and finds the keys its answers name', () => {
    const ids = Object.keys(en);
    const found = serverFieldIds(serverSources('api'), ids);
    expect(found.has('account.validation.wrongPassword')).toBe(true);
    expect(found.has('account.upgrade.notAvailable')).toBe(true);
    expect(found.has('admin.orders.providerPayment')).toBe(true);
    // mails are written on the server; their texts never travel to the browser
    expect([...found].some((id) => id.startsWith('mail.'))).toBe(false);
  });
});
