/** Where one message group lives in one language, in the client build (scripts/message-groups.ts). */
export function messageGroupFile(group: string, lang: string): string {
  return `assets/m-${group}.${lang}.json`;
}
