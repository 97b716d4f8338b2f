import type { RdapClient } from '../domains/rdap.ts';
import type { Registrar } from './registrar.ts';

/**
 * The domain check through the registrar (API.md section 12: `POST domains/check` when one is
 * configured, RDAP otherwise), in the RDAP client's shape so the check's route is the same. A
 * registrar that cannot answer throws, and the check says it failed (never a guess).
 */
export function registrarAvailability(registrar: Registrar): RdapClient {
  return {
    async isRegistered(domainName) {
      return (await registrar.check(domainName)) !== 'free';
    },
  };
}
