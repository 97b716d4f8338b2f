export const CONTACT_MODES = ['ticket', 'consult', 'chat'] as const;
export type ContactMode = (typeof CONTACT_MODES)[number];

export type ContactModeEvent =
  | { type: 'user.chooseMode'; mode: ContactMode }
  /** Pushed by the chat widget when an agent comes online or leaves. */
  | { type: 'widget.statusChanged'; online: boolean };
