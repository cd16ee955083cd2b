import { MessageCircle } from 'lucide-react';
import { SUPPORT_CHAT_PHONE } from '@portal/contracts';
import type { CurrentUser } from '@portal/contracts';

/** Opens the support chat in a new tab with a message about the user's investment. */
export function chatUrl(user: CurrentUser | null, projectName?: string | null): string {
  const who = user
    ? `${user.name}${user.investorId ? ` (investor ID ${user.investorId})` : ''}`
    : 'an investor';
  const about = projectName ? ` in ${projectName}` : '';
  const text = `Hello, this is ${who}. I have a question about my investment${about}.`;
  return `https://wa.me/${SUPPORT_CHAT_PHONE}?text=${encodeURIComponent(text)}`;
}

export function ChatButton({ user, projectName }: { user: CurrentUser | null; projectName?: string | null }) {
  return (
    <a
      href={chatUrl(user, projectName)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat with us (opens in a new tab)"
      className="fixed bottom-5 right-5 z-30 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <MessageCircle className="size-6" aria-hidden="true" />
    </a>
  );
}
