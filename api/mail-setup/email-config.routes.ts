import { Hono, type Context } from 'hono';
import { bodyLimit } from '../http/body-limit.ts';
import * as v from 'valibot';
import {
  AUTOCONFIG_FILENAME,
  AUTODISCOVER_FILENAME,
  PROFILE_CONTENT_TYPE,
  attachmentDisposition,
  mailAddressSchema,
  mailConfigQuerySchema,
  mailProfileQuerySchema,
  profileFilename,
} from '#domain/mail-config.ts';
import { parseAutodiscoverRequest } from './mail-xml.ts';
import { ApiError, issuesToFields, validateQuery } from '../http/errors.ts';
import { requestLang } from '../http/language.ts';
import { t } from '../i18n.ts';
import type { MailConfig } from './mail-config.ts';

// Mail-client setup (API.md section 4). Under /api: the four downloads the page offers. Outside
// /api (mounted before the page catch-all): the paths mail clients ask by themselves, Thunderbird's
// autoconfig (also KMail, K-9, Evolution) and Outlook's POX autodiscover.

/**
 * Validates `?email=` (and `client=`): a value that is not an address is `400 VALIDATION_FAILED`
 * with SPEC's field key and a message that says so in the request's language.
 */
function validateMailQuery<S extends v.GenericSchema>(schema: S) {
  return validateQuery(schema, (issues, c) => {
    const fields = issuesToFields(issues);
    return new ApiError('VALIDATION_FAILED', {
      fields,
      message: t(
        requestLang(c),
        fields.email ? 'emailConfig.error.invalidAddress' : 'emailConfig.error.invalidClient',
      ),
    });
  });
}

const XML = 'application/xml; charset=utf-8';

function download(c: Context, body: string, contentType: string, filename: string) {
  return c.body(body, 200, {
    'Content-Type': contentType,
    'Content-Disposition': attachmentDisposition(filename),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
}

/** GET /api/email-config/{autodiscover,autoconfig,profile,gmail-config}?email= */
export function emailConfigRoutes({ mailConfig }: { mailConfig: MailConfig }) {
  return new Hono()
    .get('/email-config/autodiscover', validateMailQuery(mailConfigQuerySchema), (c) => {
      const { email } = c.req.valid('query');
      return download(c, mailConfig.autodiscover(email), XML, AUTODISCOVER_FILENAME);
    })
    .get('/email-config/autoconfig', validateMailQuery(mailConfigQuerySchema), (c) => {
      const { email } = c.req.valid('query');
      return download(c, mailConfig.autoconfig(email), XML, AUTOCONFIG_FILENAME);
    })
    .get('/email-config/profile', validateMailQuery(mailProfileQuerySchema), (c) => {
      const { email, client } = c.req.valid('query');
      const variant = client === 'gmail' ? 'gmail' : 'mail';
      const profile = mailConfig.profile(email, variant, requestLang(c));
      return download(c, profile, PROFILE_CONTENT_TYPE, profileFilename(email));
    })
    .get('/email-config/gmail-config', validateMailQuery(mailConfigQuerySchema), (c) => {
      const { email } = c.req.valid('query');
      return c.json(mailConfig.gmail(email));
    });
}

const AUTODISCOVER_PATH = /^\/autodiscover\/autodiscover\.xml$/i;
const autoconfigQuerySchema = v.object({ emailaddress: v.optional(mailAddressSchema) });

/** Outlook's POX request is a few hundred bytes; anything much larger is not one. */
const MAX_AUTODISCOVER_BYTES = 16 * 1024;

/**
 * The discovery paths, outside /api:
 * - `GET /mail/config-v1.1.xml` and `GET /.well-known/autoconfig/mail/config-v1.1.xml`
 *   (`?emailaddress=`): the Thunderbird document. Without an address it describes the domain the
 *   client asked (`autoconfig.<domain>`), so every domain gets a valid document and nothing tells
 *   which mailboxes exist; a value that is not an address is `400`.
 * - `POST /autodiscover/autodiscover.xml` in any letter case: Outlook's POX request is read and
 *   answered with the settings for the address in it; a body that is not such a request gets
 *   Outlook's error document (600 Invalid Request; 601 for another response schema), with status
 *   200 as Exchange answers. Other methods on that path get the 600 document too.
 */
export function mailDiscoveryRoutes({ mailConfig }: { mailConfig: MailConfig }) {
  const autoconfig = (c: Context) => {
    const result = v.safeParse(autoconfigQuerySchema, c.req.query());
    if (!result.success) {
      throw new ApiError('VALIDATION_FAILED', {
        fields: { emailaddress: 'form.validation.invalidEmail' },
        message: t(requestLang(c), 'emailConfig.error.invalidAddress'),
      });
    }
    const address = result.output.emailaddress;
    const body = address
      ? mailConfig.autoconfig(address)
      : mailConfig.autoconfigForHost(c.req.header('host'));
    return c.body(body, 200, {
      'Content-Type': XML,
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
  };

  const autodiscoverAnswer = (c: Context, body: string) =>
    c.body(body, 200, {
      'Content-Type': 'text/xml; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });

  const autodiscover = new Hono()
    .use(
      bodyLimit({
        maxSize: MAX_AUTODISCOVER_BYTES,
        onError: (c) => autodiscoverAnswer(c, mailConfig.autodiscoverError(600)),
      }),
    )
    .post('*', async (c) => {
      const text = await c.req.text().catch(() => '');
      const request = parseAutodiscoverRequest(text);
      return autodiscoverAnswer(
        c,
        request.ok
          ? mailConfig.autodiscover(request.address)
          : mailConfig.autodiscoverError(request.code),
      );
    })
    .all('*', (c) => autodiscoverAnswer(c, mailConfig.autodiscoverError(600)));

  return new Hono()
    .get('/mail/config-v1.1.xml', autoconfig)
    .get('/.well-known/autoconfig/mail/config-v1.1.xml', autoconfig)
    .use(async (c, next) => {
      // Clients write the path as /autodiscover/..., /Autodiscover/... or /AutoDiscover/...
      if (AUTODISCOVER_PATH.test(c.req.path)) return autodiscover.fetch(c.req.raw);
      await next();
    });
}
