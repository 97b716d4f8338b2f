import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { addMonths } from '#domain/format.ts';
import type { Database } from '../db/database.ts';
import {
  customerProfiles,
  domainOperations,
  domains,
  registrarCustomers,
  users,
} from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mail.ts';
import { queueDomainMail } from './domain-mail.ts';
import { dueOperation } from './domain-steps.ts';
import { RegistrarError, type Registrar, type RegistrarDomain } from './registrar.ts';

/**
 * The domain jobs (issue 44): every server runs them; an operation is claimed by one server at a
 * time with a conditional UPDATE over `FOR UPDATE SKIP LOCKED` and a lease (`claimed_until`), so
 * two servers never work on it together and a crashed server's claim runs out and is taken over.
 * The registrar calls are made repeatable: before registering or transferring, the job looks the
 * domain up in our account (an earlier try that reached the registrar but crashed before its
 * commit is found and adopted), and a renewal first compares the registrar's expiry day with ours.
 * A registrar that cannot be reached is retried with back-off (1 minute doubling to 6 hours, for
 * about 3 days); a refusal (taken, a wrong auth code) fails the step with the registrar's words,
 * and staff can retry it.
 */

export const DOMAIN_LEASE_MS = 5 * 60_000;
export const MAX_DOMAIN_ATTEMPTS = 20;
/** How often a server looks for due domain work (also kicked after a payment). */
export const DOMAIN_JOBS_EVERY_MS = 30_000;
/** A transfer or registration the registrar has accepted but not finished: looked at again then. */
export const DOMAIN_POLL_MS = 15 * 60_000;

export function domainRetryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);
}

/** Openprovider's statuses: `ACT` active; `REQ`, `SCH`, `PEN` under way; `FAI`, `DEL` failed. */
const FINISHED = new Set(['ACT']);
const FAILED = new Set(['FAI', 'DEL']);

export interface DomainJobs {
  /** Works through the operations due now; resolves with how many were finished. */
  runDue(): Promise<number>;
  /** Looks for due work soon (after a payment); never throws. */
  kick(): void;
  start(): { stop(): void };
}

type Claimed = typeof domainOperations.$inferSelect;
type Outcome =
  { kind: 'done'; found: RegistrarDomain } | { kind: 'underway'; found: RegistrarDomain };

export function createDomainJobs(options: {
  database: Database;
  /** null: REGISTRAR=none, staff do it by hand (nothing is sent anywhere). */
  registrar: Registrar | null;
  mailer?: Mailer | undefined;
  logger: Logger;
  now?: () => Date;
  /** DOMAIN_NAMESERVERS; empty: the registrar's defaults. */
  nameservers: readonly string[];
  publicUrl?: string | undefined;
}): DomainJobs {
  const { database, registrar, logger } = options;
  const now = options.now ?? (() => new Date());

  const claim = async (): Promise<Claimed | null> => {
    const at = now();
    const [row] = await database.write((tx) =>
      tx
        .update(domainOperations)
        .set({
          claimedUntil: new Date(at.getTime() + DOMAIN_LEASE_MS),
          attempts: sql`${domainOperations.attempts} + 1`,
        })
        .where(
          inArray(
            domainOperations.id,
            tx
              .select({ id: domainOperations.id })
              .from(domainOperations)
              .where(dueOperation(at))
              .orderBy(asc(domainOperations.id))
              .limit(1)
              .for('update', { skipLocked: true }),
          ),
        )
        .returning(),
    );
    return row ?? null;
  };

  /** The customer's handle: made once from their details, reused for every later domain. */
  const handleOf = async (reg: Registrar, userId: string): Promise<string> => {
    const [known] = await database.read((db) =>
      db.select().from(registrarCustomers).where(eq(registrarCustomers.userId, userId)),
    );
    if (known) return known.handle;
    const [profile] = await database.read((db) =>
      db
        .select({ profile: customerProfiles, email: users.email })
        .from(customerProfiles)
        .innerJoin(users, eq(users.id, customerProfiles.userId))
        .where(eq(customerProfiles.userId, userId)),
    );
    if (!profile) throw new RegistrarError('no customer details for a handle', true);
    const p = profile.profile;
    const handle = await reg.createCustomer({
      firstname: p.firstname,
      lastname: p.lastname,
      company: p.company,
      email: profile.email,
      phone: p.phone,
      address1: p.address1,
      postalcode: p.postalcode,
      city: p.city,
      state: p.state,
      country: p.country,
      vat: p.vat,
      lang: p.lang,
    });
    // Two servers making one at once: the first stored wins, the other's is never used.
    const [stored] = await database.write((tx) =>
      tx
        .insert(registrarCustomers)
        .values({ userId, registrar: reg.name, handle })
        .onConflictDoUpdate({
          target: registrarCustomers.userId,
          set: { handle: sql`${registrarCustomers.handle}` },
        })
        .returning(),
    );
    return stored!.handle;
  };

  const perform = async (
    reg: Registrar,
    op: Claimed,
    domain: typeof domains.$inferSelect,
  ): Promise<Outcome> => {
    const nameservers = domain.nameservers.length > 0 ? domain.nameservers : options.nameservers;
    if (op.kind === 'renew') {
      if (!domain.registrarId) throw new RegistrarError('the domain has no registrar id', true);
      const before = await reg.getDomain(domain.registrarId);
      // Renewed by an earlier try whose commit was lost: the expiry already moved on.
      if (before.expiresOn && domain.expiresOn && before.expiresOn > domain.expiresOn)
        return { kind: 'done', found: before };
      await reg.renew({ id: domain.registrarId, name: domain.name });
      const after = await reg.getDomain(domain.registrarId);
      const base = domain.expiresOn ?? before.expiresOn;
      const expiresOn =
        after.expiresOn && (!base || after.expiresOn > base)
          ? after.expiresOn
          : base
            ? addMonths(base, 12)
            : null;
      return { kind: 'done', found: { ...after, expiresOn } };
    }
    // Register or transfer: an earlier try may have reached the registrar already.
    let found = domain.registrarId
      ? await reg.getDomain(domain.registrarId)
      : await reg.findDomain(domain.name);
    if (!found) {
      const handle = await handleOf(reg, domain.userId);
      if (op.kind === 'register') {
        found = await reg.register({ name: domain.name, handle, nameservers });
      } else {
        if (!domain.authCode) throw new RegistrarError('no auth code', true);
        found = await reg.transfer({
          name: domain.name,
          handle,
          nameservers,
          authCode: domain.authCode,
        });
      }
    }
    if (FAILED.has(found.status))
      throw new RegistrarError(`the registrar reports the ${op.kind} as ${found.status}`, true);
    return FINISHED.has(found.status) ? { kind: 'done', found } : { kind: 'underway', found };
  };

  const record = async (op: Claimed, outcome: Outcome | { kind: 'error'; error: unknown }) => {
    const at = now();
    await database.write(async (tx) => {
      const mine = and(
        eq(domainOperations.id, op.id),
        eq(domainOperations.status, 'queued'),
        eq(domainOperations.attempts, op.attempts),
      );
      if (outcome.kind === 'error') {
        const error = outcome.error;
        const refused = error instanceof RegistrarError && error.refused;
        const message = error instanceof Error ? error.message.slice(0, 500) : String(error);
        const giveUp = refused || op.attempts >= MAX_DOMAIN_ATTEMPTS;
        const [updated] = await tx
          .update(domainOperations)
          .set({
            status: giveUp ? 'failed' : 'queued',
            claimedUntil: null,
            lastError: message,
            nextAttemptAt: new Date(at.getTime() + domainRetryDelayMs(op.attempts)),
            ...(giveUp ? { finishedAt: at } : {}),
          })
          .where(mine)
          .returning({ id: domainOperations.id });
        if (!updated) return;
        await tx
          .update(domains)
          .set({
            lastMessage: message,
            // A failed renewal leaves the domain as it is (staff see the message and retry).
            ...(giveUp && op.kind !== 'renew' ? { status: 'failed' as const } : {}),
          })
          .where(eq(domains.id, op.domainId));
        return;
      }
      const { found } = outcome;
      if (outcome.kind === 'underway') {
        await tx
          .update(domainOperations)
          .set({
            claimedUntil: null,
            attempts: 0,
            nextAttemptAt: new Date(at.getTime() + DOMAIN_POLL_MS),
          })
          .where(mine);
        await tx
          .update(domains)
          .set({ registrarId: found.id, lastMessage: `registrar status ${found.status}` })
          .where(eq(domains.id, op.domainId));
        return;
      }
      const [done] = await tx
        .update(domainOperations)
        .set({ status: 'done', claimedUntil: null, lastError: null, finishedAt: at })
        .where(mine)
        .returning({ id: domainOperations.id });
      if (!done) return;
      const [activated] = await tx
        .update(domains)
        .set({
          status: 'active',
          registrarId: found.id,
          expiresOn: found.expiresOn,
          lastMessage: null,
        })
        .where(
          and(
            eq(domains.id, op.domainId),
            op.kind === 'renew'
              ? eq(domains.status, 'active')
              : inArray(domains.status, ['registering', 'transferring', 'failed']),
          ),
        )
        .returning({ id: domains.id });
      if (activated && op.kind !== 'renew' && options.mailer)
        await queueDomainMail(tx, options.mailer, {
          domainId: op.domainId,
          kind: op.kind === 'register' ? 'registered' : 'transferred',
          publicUrl: options.publicUrl,
        });
    });
  };

  const runOne = async (reg: Registrar): Promise<boolean> => {
    const op = await claim();
    if (!op) return false;
    const [domain] = await database.read((db) =>
      db.select().from(domains).where(eq(domains.id, op.domainId)),
    );
    if (!domain) return true;
    try {
      const outcome = await perform(reg, op, domain);
      await record(op, outcome);
      logger.info({ domain: domain.name, step: op.kind, outcome: outcome.kind }, 'domain step');
    } catch (error) {
      logger.warn(
        { domain: domain.name, step: op.kind, attempt: op.attempts, err: (error as Error).message },
        'domain step failed',
      );
      await record(op, { kind: 'error', error });
    }
    return true;
  };

  /**
   * Transfers paid without their code: the customer is asked for it, once (the conditional UPDATE
   * lets one server do it), also with REGISTRAR=none (the code is what staff need by hand).
   */
  const askForCodes = async (): Promise<void> => {
    if (!options.mailer) return;
    const mailer = options.mailer;
    await database.write(async (tx) => {
      const asking = await tx
        .update(domains)
        .set({ authCodeMailedAt: now() })
        .where(and(eq(domains.status, 'awaitingAuthCode'), isNull(domains.authCodeMailedAt)))
        .returning({ id: domains.id });
      for (const domain of asking)
        await queueDomainMail(tx, mailer, {
          domainId: domain.id,
          kind: 'authCode',
          publicUrl: options.publicUrl,
        });
    });
  };

  let running: Promise<number> | null = null;
  const runDue = (): Promise<number> => {
    running ??= (async () => {
      let handled = 0;
      try {
        await askForCodes();
        // One at a time per server; a bounded round so a long queue yields to the next tick.
        while (registrar && handled < 50 && (await runOne(registrar))) handled++;
      } finally {
        running = null;
      }
      return handled;
    })();
    return running;
  };

  const kick = () => {
    setTimeout(() => {
      runDue().catch((error: unknown) => logger.error({ err: error }, 'domain jobs failed'));
    }, 0).unref();
  };

  return {
    runDue,
    kick,
    start() {
      const timer = setInterval(kick, DOMAIN_JOBS_EVERY_MS);
      timer.unref();
      kick();
      return {
        stop: () => clearInterval(timer),
      };
    },
  };
}
