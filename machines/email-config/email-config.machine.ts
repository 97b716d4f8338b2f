import { assign, fromPromise, setup } from 'xstate';
import type { Lang } from '#domain/language.ts';
import {
  isMailAddress,
  normalizeMailAddress,
  type GmailConfig,
  type MailClientId,
} from '#domain/mail-config.ts';
import { fetchMailSettings, launchMailClient, type SettingsResult } from './email-config.actors.ts';
import type { EmailConfigEvent, EmailConfigInput, LaunchResult } from './email-config.types.ts';

/** SPEC 9: each client's instruction alert appears 1 to 2 seconds after its launch. */
export const INSTRUCTION_DELAY_MS = 1500;
/** Typing pause before the server names of a valid address are looked up. */
export const SETTINGS_LOOKUP_DELAY_MS = 300;

export interface EmailConfigContext {
  /** The field as typed. */
  address: string;
  lang: Lang;
  /** The server names for the valid address being shown (from the server). */
  settings: GmailConfig | null;
  /** The client launched last; its instructions are the ones shown. */
  client: MailClientId | null;
}

/**
 * The mail-setup page (SPEC 2 screen 15). Two regions side by side.
 *
 * `address`: `checking` resolves at once to `empty`, `invalid` or `valid` on every keystroke. Only
 * `valid` enables the client buttons; in it the server names for the manual settings are looked
 * up after a short typing pause (`waiting` -> `loading` -> `loaded`, or `failed` with a retry).
 *
 * `launch`: `idle` until a client's button; `launching` downloads or opens that client's thing;
 * `waiting` holds the named 1.5 s delay; `instructing` shows the client's instruction alert until
 * it is closed. A failed download or app launch is only logged (SPEC 8), the instructions follow
 * all the same, since they also say how to set the client up by hand.
 */
export const emailConfigMachine = setup({
  types: {
    input: {} as EmailConfigInput,
    context: {} as EmailConfigContext,
    events: {} as EmailConfigEvent,
  },
  actors: {
    fetchSettings: fromPromise<SettingsResult, { address: string; lang: Lang }>(
      ({ input, signal }) => fetchMailSettings({ ...input, signal }),
    ),
    launchClient: fromPromise<LaunchResult, { client: MailClientId; address: string; lang: Lang }>(
      ({ input }) => launchMailClient(input),
    ),
  },
  guards: {
    isAddressValid: ({ context }) => isMailAddress(context.address),
    isAddressChanged: ({ context, event }) =>
      event.type === 'user.typeAddress' && event.value !== context.address,
    isAddressEmpty: ({ context }) => context.address.trim() === '',
    // Accepted only for a valid address, so a button can never send a request the server refuses.
    isLaunchAllowed: ({ context }) => isMailAddress(context.address),
    hasSettings: (_, params: { result: SettingsResult }) => params.result.ok,
    isLaunched: (_, params: { result: LaunchResult }) => params.result.ok,
  },
  actions: {
    storeAddress: assign({
      address: ({ event }) => (event.type === 'user.typeAddress' ? event.value : ''),
    }),
    clearSettings: assign({ settings: null }),
    storeLang: assign({
      lang: ({ context, event }) =>
        event.type === 'site.languageChanged' ? event.lang : context.lang,
    }),
    storeSettings: assign({
      settings: (_, params: { result: SettingsResult }) =>
        params.result.ok ? params.result.settings : null,
    }),
    storeClient: assign({
      client: ({ event }) => (event.type === 'user.launch' ? event.client : null),
    }),
    // SPEC 8: downloads and app launches that fail are reported on the console only.
    reportLaunchFailure: (_, params: { reason: string }) => {
      console.warn(`Mail setup: the launch did not work (${params.reason})`);
    },
  },
  delays: {
    instructionDelay: INSTRUCTION_DELAY_MS,
    settingsLookup: SETTINGS_LOOKUP_DELAY_MS,
  },
}).createMachine({
  id: 'emailConfig',
  type: 'parallel',
  // Later calls (downloads, profile texts) follow the language the visitor switched to.
  on: { 'site.languageChanged': { actions: 'storeLang' } },
  context: ({ input }) => ({
    address: input.email?.trim() ?? '',
    lang: input.lang,
    settings: null,
    client: null,
  }),
  states: {
    address: {
      initial: 'checking',
      on: {
        // Every keystroke re-decides validity; the names shown always belong to the field's value.
        // Leaving the region's current state cancels a lookup under way; the launch region is
        // not touched (a download already started finishes).
        'user.typeAddress': {
          guard: 'isAddressChanged',
          target: '.checking',
          actions: ['storeAddress', 'clearSettings'],
        },
      },
      states: {
        checking: {
          always: [
            { guard: 'isAddressValid', target: 'valid' },
            { guard: 'isAddressEmpty', target: 'empty' },
            { target: 'invalid' },
          ],
        },
        empty: {},
        invalid: {},
        valid: {
          initial: 'waiting',
          states: {
            waiting: { after: { settingsLookup: 'loading' } },
            loading: {
              invoke: {
                id: 'fetchSettings',
                src: 'fetchSettings',
                input: ({ context }) => ({
                  address: normalizeMailAddress(context.address) ?? context.address,
                  lang: context.lang,
                }),
                onDone: [
                  {
                    guard: {
                      type: 'hasSettings',
                      params: ({ event }) => ({ result: event.output }),
                    },
                    target: 'loaded',
                    actions: {
                      type: 'storeSettings',
                      params: ({ event }) => ({ result: event.output }),
                    },
                  },
                  { target: 'failed' },
                ],
                onError: 'failed',
              },
            },
            loaded: {},
            failed: { on: { 'user.retrySettings': 'loading' } },
          },
        },
      },
    },
    launch: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'user.launch': {
              guard: 'isLaunchAllowed',
              target: 'launching',
              actions: 'storeClient',
            },
          },
        },
        // No user.launch here: a double click cannot start two downloads.
        launching: {
          invoke: {
            id: 'launchClient',
            src: 'launchClient',
            input: ({ context }) => ({
              client: context.client as MailClientId,
              address: normalizeMailAddress(context.address) ?? context.address,
              lang: context.lang,
            }),
            onDone: [
              {
                guard: { type: 'isLaunched', params: ({ event }) => ({ result: event.output }) },
                target: 'waiting',
              },
              {
                target: 'waiting',
                actions: {
                  type: 'reportLaunchFailure',
                  params: ({ event }) => ({
                    reason: event.output.ok ? '' : event.output.reason,
                  }),
                },
              },
            ],
            onError: {
              target: 'waiting',
              actions: {
                type: 'reportLaunchFailure',
                params: ({ event }) => ({ reason: String(event.error) }),
              },
            },
          },
        },
        waiting: {
          after: { instructionDelay: 'instructing' },
          on: {
            'user.launch': {
              guard: 'isLaunchAllowed',
              target: 'launching',
              actions: 'storeClient',
            },
          },
        },
        instructing: {
          on: {
            'user.closeInstructions': 'idle',
            'user.launch': {
              guard: 'isLaunchAllowed',
              target: 'launching',
              actions: 'storeClient',
            },
          },
        },
      },
    },
  },
});
