/**
 * The Apple configuration profile (.mobileconfig, a property list) of a mail account (server-only).
 */
import type { MailSettings } from '#domain/mail-config.ts';
import { escapeXml } from './mail-xml.ts';

// ---------------------------------------------------------------------------------------------
// Apple configuration profile (.mobileconfig)
// ---------------------------------------------------------------------------------------------

export type ProfileVariant = 'mail' | 'gmail';

type PlistValue = string | number | boolean | PlistValue[] | { [key: string]: PlistValue };

function plistValue(value: PlistValue, indent: string): string {
  if (typeof value === 'string') return `${indent}<string>${escapeXml(value)}</string>`;
  if (typeof value === 'number') return `${indent}<integer>${Math.trunc(value)}</integer>`;
  if (typeof value === 'boolean') return `${indent}<${value}/>`;
  if (Array.isArray(value))
    return [
      `${indent}<array>`,
      ...value.map((item) => plistValue(item, `${indent}\t`)),
      `${indent}</array>`,
    ].join('\n');
  return [
    `${indent}<dict>`,
    ...Object.keys(value)
      .sort()
      .flatMap((key) => [
        `${indent}\t<key>${escapeXml(key)}</key>`,
        plistValue(value[key] as PlistValue, `${indent}\t`),
      ]),
    `${indent}</dict>`,
  ].join('\n');
}

/** A profile identifier segment: letters, digits, dots and hyphens only. */
function identifierPart(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[.-]+|[.-]+$/g, '');
}

/** The reverse-DNS base of the profile identifiers, from the site's host (`studio.nl` -> `nl.studio`). */
export function profileIdentifierBase(siteHost: string): string {
  const host = identifierPart(siteHost.replace(/:\d+$/, '')) || 'localhost';
  return host.split('.').reverse().join('.');
}

export interface ProfileInput {
  settings: MailSettings;
  variant: ProfileVariant;
  /** From profileIdentifierBase. */
  identifierBase: string;
  organization: string;
  /** Shown on the device (profile name and the account's description), per language. */
  texts: { displayName: string; description: string; accountDescription: string };
  /** One UUID per payload (the profile, the mail account); must differ. */
  uuids: { profile: string; mail: string };
}

/** The identifiers of a profile: stable per address and variant, so installing again replaces it. */
export function profileIdentifiers(
  identifierBase: string,
  address: string,
  variant: ProfileVariant,
): { profile: string; mail: string } {
  const profile = `${identifierBase}.mailsetup.${variant}.${identifierPart(address.replace('@', '.at.'))}`;
  return { profile, mail: `${profile}.account` };
}

/**
 * The Apple configuration profile: a `Configuration` payload holding one `com.apple.mail.managed`
 * IMAP account (incoming 993, outgoing 465, both SSL, password authentication, the address as
 * username). No password is inside: the device asks for it once and uses it for both servers.
 * The Gmail-on-iPhone variant is the same account under its own identifiers and names, so it
 * installs beside (not over) the Mail profile.
 */
export function appleMailProfile(input: ProfileInput): string {
  const { settings, uuids } = input;
  if (uuids.profile.toUpperCase() === uuids.mail.toUpperCase())
    throw new Error('Each payload needs its own UUID');
  const ids = profileIdentifiers(input.identifierBase, settings.address, input.variant);
  const mailPayload: PlistValue = {
    EmailAccountDescription: input.texts.accountDescription,
    EmailAccountType: 'EmailTypeIMAP',
    EmailAddress: settings.address,
    IncomingMailServerAuthentication: 'EmailAuthPassword',
    IncomingMailServerHostName: settings.imap.hostname,
    IncomingMailServerPortNumber: settings.imap.port,
    IncomingMailServerUseSSL: true,
    IncomingMailServerUsername: settings.imap.username,
    OutgoingMailServerAuthentication: 'EmailAuthPassword',
    OutgoingMailServerHostName: settings.smtp.hostname,
    OutgoingMailServerPortNumber: settings.smtp.port,
    OutgoingMailServerUseSSL: true,
    OutgoingMailServerUsername: settings.smtp.username,
    OutgoingPasswordSameAsIncomingPassword: true,
    PayloadDescription: input.texts.description,
    PayloadDisplayName: input.texts.accountDescription,
    PayloadIdentifier: ids.mail,
    PayloadType: 'com.apple.mail.managed',
    PayloadUUID: uuids.mail.toUpperCase(),
    PayloadVersion: 1,
    PreventAppSheet: false,
    PreventMove: false,
    SMIMEEnabled: false,
  };
  const profile: PlistValue = {
    PayloadContent: [mailPayload],
    PayloadDescription: input.texts.description,
    PayloadDisplayName: input.texts.displayName,
    PayloadIdentifier: ids.profile,
    PayloadOrganization: input.organization,
    PayloadRemovalDisallowed: false,
    PayloadType: 'Configuration',
    PayloadUUID: uuids.profile.toUpperCase(),
    PayloadVersion: 1,
  };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    plistValue(profile, ''),
    '</plist>',
    '',
  ].join('\n');
}
