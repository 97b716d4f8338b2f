import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { toUnicodeName, validateDomainName } from '#domain/domain-name.ts';
import type { AccountDomain, AdminDomain, DomainStatusValue } from '#domain/nameservers.ts';
import type { Database } from '../db/database.ts';
import { domainOperations, domains, users } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import type { Logger } from '../logger.ts';
import type { DomainJobs } from './domain-jobs.ts';
import { RegistrarError, type Registrar } from './registrar.ts';

type DomainRow = typeof domains.$inferSelect;

/**
 * The client area's and the staff's side of the domains (API.md section 12): lists, the auth code
 * of a transfer, name servers, and the staff's retry of a failed step. A client only ever sees and
 * changes their own domains (another client's is 404, as one that does not exist).
 */
export function createDomainsService(options: {
  database: Database;
  registrar: Registrar | null;
  jobs: DomainJobs;
  /** DOMAIN_NAMESERVERS; shown for a domain without its own. */
  nameservers: readonly string[];
  logger: Logger;
  now: () => Date;
}) {
  const { database, registrar, jobs, now } = options;

  const view = (row: DomainRow): AccountDomain => ({
    name: row.name,
    displayName: toUnicodeName(row.name) ?? row.name,
    kind: row.kind,
    status: row.status as DomainStatusValue,
    expiresOn: row.expiresOn,
    nameservers: row.nameservers.length > 0 ? row.nameservers : [...options.nameservers],
    problem:
      row.status === 'failed'
        ? row.kind === 'register'
          ? 'registrationRefused'
          : 'transferRefused'
        : null,
  });

  /** The client's own domain by its name (ASCII or Unicode), the newest; else 404. */
  const own = async (userId: string, name: string): Promise<DomainRow> => {
    const check = validateDomainName(name);
    if (!check.ok) throw new ApiError('NOT_FOUND');
    const [row] = await database.read((db) =>
      db
        .select()
        .from(domains)
        .where(
          and(
            eq(domains.userId, userId),
            eq(domains.name, check.name),
            ne(domains.status, 'cancelled'),
          ),
        )
        .orderBy(desc(domains.createdAt))
        .limit(1),
    );
    if (!row) throw new ApiError('NOT_FOUND');
    return row;
  };

  /** Puts a failed (or never started) step back in the queue, due now. */
  const requeue = (tx: Parameters<Parameters<Database['write']>[0]>[0], domainId: string) =>
    tx
      .update(domainOperations)
      .set({
        status: 'queued',
        attempts: 0,
        nextAttemptAt: now(),
        claimedUntil: null,
        lastError: null,
        finishedAt: null,
      })
      .where(and(eq(domainOperations.domainId, domainId), eq(domainOperations.status, 'failed')))
      .returning({ id: domainOperations.id });

  return {
    async listForUser(userId: string): Promise<AccountDomain[]> {
      const rows = await database.read((db) =>
        db
          .select()
          .from(domains)
          .where(and(eq(domains.userId, userId), ne(domains.status, 'cancelled')))
          .orderBy(desc(domains.createdAt)),
      );
      return rows.map(view);
    },

    /** The transfer's auth code: stored; once paid, the transfer starts (or starts again). */
    async giveAuthCode(userId: string, name: string, authCode: string): Promise<AccountDomain> {
      const row = await own(userId, name);
      if (
        row.kind !== 'transfer' ||
        !['pending', 'awaitingAuthCode', 'failed'].includes(row.status)
      )
        throw new ApiError('VALIDATION_FAILED', {
          status: 409,
          fields: { authCode: 'account.domains.validation.authCodeNotNeeded' },
        });
      const updated = await database.write(async (tx) => {
        const [changed] = await tx
          .update(domains)
          .set({
            authCode,
            ...(row.status === 'pending'
              ? {}
              : { status: 'transferring' as const, lastMessage: null }),
          })
          .where(
            and(
              eq(domains.id, row.id),
              inArray(domains.status, ['pending', 'awaitingAuthCode', 'failed']),
            ),
          )
          .returning();
        if (!changed) throw new ApiError('NOT_FOUND');
        if (row.status === 'awaitingAuthCode')
          await tx
            .insert(domainOperations)
            .values({ domainId: row.id, kind: 'transfer', nextAttemptAt: now() })
            .onConflictDoNothing();
        if (row.status === 'failed') await requeue(tx, row.id);
        return changed;
      });
      jobs.kick();
      return view(updated);
    },

    /** New name servers: at the registrar first when the domain is there, then ours. */
    async setNameservers(userId: string, name: string, hosts: string[]): Promise<AccountDomain> {
      const row = await own(userId, name);
      if (registrar && row.status === 'active' && row.registrarId) {
        try {
          await registrar.setNameservers({
            id: row.registrarId,
            name: row.name,
            nameservers: hosts,
          });
        } catch (error) {
          options.logger.warn(
            { domain: row.name, err: (error as Error).message },
            'name servers not changed',
          );
          throw new ApiError('REGISTRAR_FAILED', {
            ...(error instanceof RegistrarError && error.refused ? { status: 409 } : {}),
          });
        }
      }
      const [updated] = await database.write((tx) =>
        tx.update(domains).set({ nameservers: hosts }).where(eq(domains.id, row.id)).returning(),
      );
      return view(updated!);
    },

    async listAll(): Promise<AdminDomain[]> {
      const rows = await database.read((db) =>
        db
          .select({ domain: domains, email: users.email })
          .from(domains)
          .innerJoin(users, eq(users.id, domains.userId))
          .orderBy(desc(domains.createdAt))
          .limit(500),
      );
      const failedOps = await database.read((db) =>
        db
          .select({ domainId: domainOperations.domainId })
          .from(domainOperations)
          .where(eq(domainOperations.status, 'failed')),
      );
      const retryable = new Set(failedOps.map((o) => o.domainId));
      return rows
        .filter((r) => r.domain.status !== 'cancelled')
        .map((r) => ({
          ...view(r.domain),
          orderId: r.domain.orderId,
          email: r.email,
          lastMessage: r.domain.lastMessage,
          manual: registrar === null,
          canRetry: retryable.has(r.domain.id),
        }));
    },

    /** Staff: the domain's failed step again, due now. 404 for an unknown name. */
    async retry(name: string): Promise<{ retried: number }> {
      const check = validateDomainName(name);
      if (!check.ok) throw new ApiError('NOT_FOUND');
      const rows = await database.read((db) =>
        db
          .select()
          .from(domains)
          .where(and(eq(domains.name, check.name), ne(domains.status, 'cancelled'))),
      );
      if (rows.length === 0) throw new ApiError('NOT_FOUND');
      let retried = 0;
      await database.write(async (tx) => {
        for (const row of rows) {
          const again = await requeue(tx, row.id);
          retried += again.length;
          if (again.length > 0 && row.status === 'failed')
            await tx
              .update(domains)
              .set({
                status: row.kind === 'register' ? 'registering' : 'transferring',
                lastMessage: null,
              })
              .where(eq(domains.id, row.id));
        }
      });
      jobs.kick();
      return { retried };
    },
  };
}

export type DomainsService = ReturnType<typeof createDomainsService>;
