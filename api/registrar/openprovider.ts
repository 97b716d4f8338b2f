import ky, { HTTPError, TimeoutError } from 'ky';
import * as v from 'valibot';
import {
  dayOf,
  RegistrarError,
  splitDomain,
  type Registrar,
  type RegistrarContact,
  type RegistrarDomain,
  type RegistrarDomainOrder,
} from './registrar.ts';

/**
 * Openprovider's REST API v1beta (INTEGRATIONS.md section 9; its OpenAPI descriptions: auth,
 * customer and domain services). `POST auth/login` gives a token, sent as `Authorization: Bearer`
 * on every other call; a 401 (an expired token) logs in again once and repeats the call. Every
 * answer is `{ code, desc, data, warnings? }` with `code: 0` for success. Every call is bounded by
 * `timeoutMs`; no automatic retries here (the domain jobs retry with back-off).
 */

export const DEFAULT_OPENPROVIDER_TIMEOUT_MS = 20_000;
/** A token is renewed after this long even without a 401 (Openprovider's last 48 hours). */
const TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const envelope = <T extends v.GenericSchema>(data: T) =>
  v.object({
    code: v.number(),
    desc: v.optional(v.string()),
    data: v.optional(data),
    maintenance: v.optional(v.boolean()),
  });

const loginSchema = envelope(v.object({ token: v.string(), reseller_id: v.optional(v.number()) }));
const handleSchema = envelope(v.object({ handle: v.string() }));
const checkSchema = envelope(
  v.object({
    results: v.optional(
      v.array(v.object({ domain: v.optional(v.string()), status: v.optional(v.string()) })),
      [],
    ),
  }),
);
const domainDataSchema = v.object({
  id: v.number(),
  status: v.optional(v.string(), ''),
  expiration_date: v.optional(v.nullable(v.string())),
});
const domainSchema = envelope(domainDataSchema);
const listSchema = envelope(
  v.object({ results: v.optional(v.nullable(v.array(domainDataSchema)), []) }),
);
const anySchema = envelope(v.unknown());
const errorSchema = v.object({ code: v.optional(v.number()), desc: v.optional(v.string()) });

function toDomain(data: v.InferOutput<typeof domainDataSchema>): RegistrarDomain {
  return { id: data.id, status: data.status, expiresOn: dayOf(data.expiration_date) };
}

/** `Main Street 12 A` → street, number, suffix (Openprovider keeps them apart). */
export function splitAddress(address1: string): { street: string; number: string; suffix: string } {
  const match = /^(.*?)\s+(\d+)\s*[-\s]?\s*([A-Za-z0-9]{0,6})$/.exec(address1.trim());
  return match
    ? { street: match[1]!, number: match[2]!, suffix: match[3] ?? '' }
    : { street: address1.trim(), number: '', suffix: '' };
}

const COUNTRY_CALLING_CODES: Readonly<Record<string, string>> = { NL: '+31', BE: '+32' };

/** `+31 6 12345678` / `06-12345678` → `{ country_code: '+31', area_code: '6', subscriber_number }`. */
export function splitPhone(phone: string, country: string) {
  const trimmed = phone.trim();
  const calling = COUNTRY_CALLING_CODES[country] ?? '+31';
  let digits = trimmed.replace(/[^\d+]/g, '');
  let countryCode = calling;
  const international = /^(?:\+|00)(\d{2})(\d+)$/.exec(digits);
  if (international) {
    countryCode = `+${international[1]}`;
    digits = international[2]!;
  } else digits = digits.replace(/^0/, '');
  digits = digits.replace(/\D/g, '');
  const areaLength = digits.startsWith('6') || digits.length <= 8 ? 1 : 2;
  return {
    country_code: countryCode,
    area_code: digits.slice(0, areaLength),
    subscriber_number: digits.slice(areaLength),
  };
}

export function createOpenproviderRegistrar(options: {
  baseUrl: string;
  username: string;
  password: string;
  timeoutMs?: number;
  now?: () => number;
}): Registrar {
  const now = options.now ?? Date.now;
  const api = ky.create({
    prefix: options.baseUrl,
    timeout: options.timeoutMs ?? DEFAULT_OPENPROVIDER_TIMEOUT_MS,
    retry: 0,
  });
  let token: { value: string; at: number } | null = null;
  let loggingIn: Promise<string> | null = null;

  /** The registrar's failures as RegistrarError; a 5xx, a time-out or no answer can be retried. */
  const failure = (error: unknown, what: string): RegistrarError => {
    if (error instanceof RegistrarError) return error;
    if (error instanceof HTTPError) {
      const body = v.safeParse(errorSchema, error.data);
      const desc = body.success ? body.output.desc : undefined;
      const status = error.response.status;
      return new RegistrarError(
        `Openprovider ${status} on ${what}${desc ? `: ${desc}` : ''}`,
        status < 500 && status !== 429,
      );
    }
    if (error instanceof TimeoutError)
      return new RegistrarError(`Openprovider did not answer ${what} in time`, false);
    if (error instanceof v.ValiError)
      return new RegistrarError(`Openprovider answered ${what} in an unexpected shape`, false);
    return new RegistrarError(
      `Openprovider unreachable on ${what}: ${(error as Error).message}`,
      false,
    );
  };

  const login = (): Promise<string> => {
    loggingIn ??= (async () => {
      try {
        const body = v.parse(
          loginSchema,
          await api
            .post('auth/login', {
              json: { username: options.username, password: options.password, ip: '0.0.0.0' },
            })
            .json(),
        );
        if (body.code !== 0 || !body.data)
          throw new RegistrarError(
            `Openprovider refused the login: ${body.desc ?? body.code}`,
            false,
          );
        token = { value: body.data.token, at: now() };
        return body.data.token;
      } catch (error) {
        // A refused login is our configuration, not the customer's domain: retried later.
        const mapped = failure(error, 'login');
        throw new RegistrarError(mapped.message, false);
      } finally {
        loggingIn = null;
      }
    })();
    return loggingIn;
  };

  const bearer = async (): Promise<string> =>
    token && now() - token.at < TOKEN_MAX_AGE_MS ? token.value : login();

  /** One authenticated call; a 401 logs in again and repeats it once. */
  const call = async <S extends v.GenericSchema>(
    what: string,
    schema: S,
    request: (headers: Record<string, string>) => Promise<unknown>,
  ): Promise<v.InferOutput<S>> => {
    try {
      let answer: unknown;
      try {
        answer = await request({ Authorization: `Bearer ${await bearer()}` });
      } catch (error) {
        if (!(error instanceof HTTPError) || error.response.status !== 401) throw error;
        token = null;
        answer = await request({ Authorization: `Bearer ${await login()}` });
      }
      const body = v.parse(schema, answer) as {
        code: number;
        desc?: string;
        maintenance?: boolean;
      };
      if (body.maintenance)
        throw new RegistrarError(`Openprovider is in maintenance (${what})`, false);
      if (body.code !== 0)
        throw new RegistrarError(`Openprovider refused ${what}: ${body.desc ?? body.code}`, true);
      return body as v.InferOutput<S>;
    } catch (error) {
      throw failure(error, what);
    }
  };

  const domainBody = (order: RegistrarDomainOrder) => ({
    domain: splitDomain(order.name),
    owner_handle: order.handle,
    admin_handle: order.handle,
    tech_handle: order.handle,
    billing_handle: order.handle,
    ...(order.nameservers.length > 0
      ? { name_servers: order.nameservers.map((name, i) => ({ name, seq_nr: i + 1 })) }
      : {}),
    autorenew: 'off',
  });

  const getDomain = async (id: number): Promise<RegistrarDomain> => {
    const body = await call('get domain', domainSchema, (headers) =>
      api.get(`domains/${id}`, { headers }).json(),
    );
    if (!body.data) throw new RegistrarError('Openprovider gave no domain', false);
    return toDomain(body.data);
  };

  return {
    name: 'openprovider',
    async check(domainName) {
      const body = await call('domain check', checkSchema, (headers) =>
        api.post('domains/check', { headers, json: { domains: [splitDomain(domainName)] } }).json(),
      );
      const result =
        body.data?.results.find((r) => r.domain === domainName) ?? body.data?.results[0];
      if (!result?.status) throw new RegistrarError('Openprovider gave no check result', false);
      return result.status === 'free' ? 'free' : 'taken';
    },
    async createCustomer(contact: RegistrarContact) {
      const body = await call('customer', handleSchema, (headers) =>
        api
          .post('customers', {
            headers,
            json: {
              name: {
                first_name: contact.firstname,
                last_name: contact.lastname,
                full_name: `${contact.firstname} ${contact.lastname}`,
              },
              ...(contact.company ? { company_name: contact.company } : {}),
              email: contact.email,
              phone: splitPhone(contact.phone, contact.country),
              address: {
                ...splitAddress(contact.address1),
                zipcode: contact.postalcode,
                city: contact.city,
                state: contact.state,
                country: contact.country,
              },
              ...(contact.vat ? { vat: contact.vat } : {}),
              locale: contact.lang === 'nl' ? 'nl_NL' : 'en_GB',
            },
          })
          .json(),
      );
      if (!body.data?.handle) throw new RegistrarError('Openprovider gave no handle', false);
      return body.data.handle;
    },
    async findDomain(domainName) {
      const body = await call('domain search', listSchema, (headers) =>
        api.get('domains', { headers, searchParams: { full_name: domainName, limit: 1 } }).json(),
      );
      const found = body.data?.results?.[0];
      return found ? toDomain(found) : null;
    },
    getDomain,
    async register(order) {
      const body = await call('registration', domainSchema, (headers) =>
        api
          .post('domains', { headers, json: { ...domainBody(order), period: 1, unit: 'y' } })
          .json(),
      );
      if (!body.data) throw new RegistrarError('Openprovider gave no domain', false);
      return toDomain(body.data);
    },
    async transfer(order) {
      const body = await call('transfer', domainSchema, (headers) =>
        api
          .post('domains/transfer', {
            headers,
            json: { ...domainBody(order), auth_code: order.authCode },
          })
          .json(),
      );
      if (!body.data) throw new RegistrarError('Openprovider gave no domain', false);
      return toDomain(body.data);
    },
    async renew(domain) {
      await call('renewal', anySchema, (headers) =>
        api
          .post(`domains/${domain.id}/renew`, {
            headers,
            json: { id: domain.id, domain: splitDomain(domain.name), period: 1 },
          })
          .json(),
      );
    },
    async setNameservers(domain) {
      await call('name servers', anySchema, (headers) =>
        api
          .put(`domains/${domain.id}`, {
            headers,
            json: {
              id: domain.id,
              domain: splitDomain(domain.name),
              name_servers: domain.nameservers.map((name, i) => ({ name, seq_nr: i + 1 })),
            },
          })
          .json(),
      );
    },
  };
}
