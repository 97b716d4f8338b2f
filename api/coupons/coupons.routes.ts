import { Hono } from 'hono';
import { COUPON_CODE_PATTERN, couponCreateSchema } from '#domain/coupons.ts';
import type { Database } from '../db/database.ts';
import { requireStaff, type CurrentUser } from '../http/auth.ts';
import { ApiError, validateJson } from '../http/errors.ts';
import { idempotency } from '../http/idempotency.ts';
import type { RateLimits } from '../http/rate-limit.ts';
import { recordStaffAction } from '../security/audit.ts';
import { createCoupon, disableCoupon, listCoupons, type CouponJson } from './coupons.service.ts';

/**
 * Staff's coupons (API.md section 14):
 * - GET /api/admin/coupons: every coupon with its uses and the money it gave away;
 * - POST /api/admin/coupons: `201 { coupon }`; a code that exists (any letter case) `409
 *   COUPON_EXISTS`; audited `coupon_created`; Idempotency-Key honoured;
 * - POST /api/admin/coupons/{code}/disable: `200 { coupon }` (again: the same), unknown `404`;
 *   audited `coupon_disabled`.
 */
export function couponsRoutes(services: {
  database: Database;
  now: () => Date;
  currentUser?: CurrentUser | undefined;
  rateLimits?: Pick<RateLimits, 'address'> | undefined;
}) {
  const { database } = services;
  const staff = requireStaff(services.currentUser ?? (async () => null));
  return new Hono()
    .get('/admin/coupons', staff, async (c) => {
      return c.json({ coupons: await database.read((db) => listCoupons(db)) });
    })
    .post('/admin/coupons', staff, validateJson(couponCreateSchema), async (c) => {
      const body = c.req.valid('json');
      const user = c.get('user');
      const once = idempotency(c, 'POST /api/admin/coupons', body);
      const answer = await database.write(async (tx) => {
        const previous = await once.replay<{ coupon: CouponJson }>(tx);
        if (previous) return previous.body;
        const coupon = await createCoupon(tx, { ...body, createdBy: user.id });
        if (!coupon) throw new ApiError('COUPON_EXISTS');
        await recordStaffAction(tx, c, user, 'coupon_created', coupon.code, {
          rateLimits: services.rateLimits,
          details: { kind: coupon.kind, value: coupon.value, appliesTo: coupon.appliesTo },
        });
        await once.remember(tx, 201, { coupon });
        return { coupon };
      });
      return c.json(answer, 201);
    })
    .post('/admin/coupons/:code/disable', staff, async (c) => {
      const code = c.req.param('code');
      if (!COUPON_CODE_PATTERN.test(code)) throw new ApiError('NOT_FOUND');
      const user = c.get('user');
      const coupon = await database.write(async (tx) => {
        const disabled = await disableCoupon(tx, code, services.now());
        if (!disabled) throw new ApiError('NOT_FOUND');
        await recordStaffAction(tx, c, user, 'coupon_disabled', disabled.code, {
          rateLimits: services.rateLimits,
        });
        return disabled;
      });
      return c.json({ coupon });
    });
}
