// The coupon list: every transition of its chart (model-based), the loaded list's walk. The model
// is tests/paths/models/coupon-list.ts, the one `npm run paths -- couponList` prints.

import { describe } from 'vitest';
import { walkLoadedList } from '#tests/helpers/loaded-list-walk.ts';
import { coupons, model } from '#tests/paths/models/coupon-list.ts';
import { couponListMachine } from './coupon-list.machine.ts';

describe('coupon list (model-based)', () => {
  walkLoadedList({ machine: couponListMachine, input: { lang: 'en' }, model, items: coupons });
});
