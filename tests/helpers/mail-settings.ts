import type { GmailConfig } from '../../domain/mail-config.ts';

/**
 * The server settings of jan@bakkerij.nl with the test servers (imap./smtp. of the domain): what
 * GET /api/email-config/gmail-config answers and what the mail-setup page shows.
 */
export const BAKKERIJ_SETTINGS: GmailConfig = {
  email: 'jan@bakkerij.nl',
  incoming: {
    protocol: 'imap',
    hostname: 'imap.bakkerij.nl',
    port: 993,
    security: 'SSL/TLS',
    username: 'jan@bakkerij.nl',
  },
  outgoing: {
    protocol: 'smtp',
    hostname: 'smtp.bakkerij.nl',
    port: 465,
    security: 'SSL/TLS',
    username: 'jan@bakkerij.nl',
    authentication: true,
  },
  pop3: {
    protocol: 'pop3',
    hostname: 'imap.bakkerij.nl',
    port: 995,
    security: 'SSL/TLS',
    username: 'jan@bakkerij.nl',
  },
};
