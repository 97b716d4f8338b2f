import { createHash, randomInt } from 'node:crypto';
import type { Lang } from '#domain/language.ts';
import {
  DEFAULT_MAIL_HOST,
  gmailConfig,
  isMailDomain,
  mailSettings,
  mailSettingsForDomain,
  type GmailConfig,
  type MailSettings,
} from '#domain/mail-config.ts';
import {
  appleMailProfile,
  profileIdentifierBase,
  profileIdentifiers,
  type ProfileVariant,
} from './apple-profile.ts';
import {
  outlookAutodiscoverErrorXml,
  outlookAutodiscoverXml,
  thunderbirdConfigXml,
  type AutodiscoverErrorCode,
} from './mail-xml.ts';
import { t } from '../i18n.ts';

/**
 * A name-based UUID (RFC 4122 version 5, SHA-1) in the URL namespace: the same name gives the
 * same UUID, so a profile downloaded twice is the same profile; different names (the profile and
 * its mail payload) give different UUIDs.
 */
export function nameUuid(name: string): string {
  const namespace = Buffer.from('6ba7b8119dad11d180b400c04fd430c8', 'hex');
  const hash = createHash('sha1').update(namespace).update(name, 'utf8').digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex').toUpperCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface MailConfigOptions {
  /** MAIL_IMAP_HOST / MAIL_SMTP_HOST (`{domain}` replaced). */
  imapHost?: string | undefined;
  smtpHost?: string | undefined;
  /** PUBLIC_URL: its host names the profile identifiers. */
  publicUrl: string;
  /** Shown as the profile's organisation (COMPANY_NAME, else the brand). */
  organization?: string | undefined;
  now?: () => Date;
}

export type MailConfig = ReturnType<typeof createMailConfig>;

/** The mail-setup documents with this server's configuration (the generators live in domain/). */
export function createMailConfig(options: MailConfigOptions) {
  const hosts = {
    imapHost: options.imapHost ?? DEFAULT_MAIL_HOST,
    smtpHost: options.smtpHost ?? DEFAULT_MAIL_HOST,
  };
  const siteHost = new URL(options.publicUrl).hostname;
  const identifierBase = profileIdentifierBase(siteHost);
  const organization = options.organization ?? t('en', 'app.brand');
  const now = options.now ?? (() => new Date());
  const provider = (settings: MailSettings) => ({
    displayName: `${organization} (${settings.domain})`,
    shortName: organization,
  });

  return {
    settings: (address: string): MailSettings => mailSettings(address, hosts),

    autodiscover: (address: string): string => outlookAutodiscoverXml(mailSettings(address, hosts)),

    autodiscoverError: (code: AutodiscoverErrorCode): string =>
      outlookAutodiscoverErrorXml({
        code,
        time: now().toISOString().slice(11, 23),
        id: String(randomInt(1_000_000_000, 4_000_000_000)),
      }),

    autoconfig: (address: string): string => {
      const settings = mailSettings(address, hosts);
      return thunderbirdConfigXml(settings, provider(settings));
    },

    /**
     * The document for a client that discovers it itself without a usable address: the domain is
     * taken from the host it asked (`autoconfig.example.nl` -> `example.nl`), else the site's.
     */
    autoconfigForHost: (host: string | undefined): string => {
      const name = (host ?? '')
        .replace(/:\d+$/, '')
        .toLowerCase()
        .replace(/^autoconfig\./, '');
      const domain = isMailDomain(name) ? name : isMailDomain(siteHost) ? siteHost : 'localhost';
      const settings = mailSettingsForDomain(domain, hosts);
      return thunderbirdConfigXml(settings, provider(settings));
    },

    profile: (address: string, variant: ProfileVariant, lang: Lang): string => {
      const settings = mailSettings(address, hosts);
      const ids = profileIdentifiers(identifierBase, address, variant);
      return appleMailProfile({
        settings,
        variant,
        identifierBase,
        organization,
        texts: {
          displayName: t(lang, `emailConfig.profile.${variant}.displayName`, { address }),
          description: t(lang, `emailConfig.profile.${variant}.description`, {
            address,
            organization,
          }),
          accountDescription: t(lang, `emailConfig.profile.${variant}.account`, { address }),
        },
        uuids: { profile: nameUuid(ids.profile), mail: nameUuid(ids.mail) },
      });
    },

    gmail: (address: string): GmailConfig => gmailConfig(mailSettings(address, hosts)),
  };
}
