import { useActorRef } from '@xstate/react';
import type { Lang } from '#domain/language.ts';
import { liveChatMachine } from '#machines/live-chat/live-chat.machine.ts';
import { LiveChatPanel } from './live-chat-panel.tsx';

/** The chat inline in the contact page's chat option (loaded lazily): opens at once. */
export default function LiveChatInline({ lang }: { lang: Lang }) {
  const actor = useActorRef(liveChatMachine, { input: { lang, inline: true } });
  return (
    <div className="live-chat live-chat--inline">
      <LiveChatPanel actor={actor} lang={lang} />
    </div>
  );
}
