import { Mail, MessageCircle } from 'lucide-react';
import type { CurrentUser } from '@portal/contracts';
import { useSupportContact } from '@/queries/support';

function question(user: CurrentUser | null, projectName?: string | null) {
  const who = user
    ? `${user.name}${user.investorId ? ` (investor ID ${user.investorId})` : ''}`
    : 'an investor';
  const about = projectName ? ` in ${projectName}` : '';
  return `Hello, this is ${who}. I have a question about my investment${about}.`;
}

/** Opens a WhatsApp chat with `whatsapp` (E.164, "+" and digits) and a message about the investment. */
export function chatUrl(whatsapp: string, user: CurrentUser | null, projectName?: string | null): string {
  return `https://wa.me/${whatsapp.replace(/\D/g, '')}?text=${encodeURIComponent(question(user, projectName))}`;
}

/** Writes to `email` with the same message. */
function mailUrl(email: string, user: CurrentUser | null, projectName?: string | null): string {
  const subject = projectName ? `Question about ${projectName}` : 'Question about my investment';
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(question(user, projectName))}`;
}

const look =
  'fixed bottom-5 right-5 z-30 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/**
 * The floating support button: a WhatsApp chat when the admins set a number, otherwise an email to the
 * support address; with neither set there is nobody to reach, and no button.
 */
export function ChatButton({ user, projectName }: { user: CurrentUser | null; projectName?: string | null }) {
  const { data } = useSupportContact();
  if (data?.whatsapp)
    return (
      <a
        href={chatUrl(data.whatsapp, user, projectName)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Chat with us (opens in a new tab)"
        className={look}
      >
        <MessageCircle className="size-6" aria-hidden="true" />
      </a>
    );
  if (data?.email)
    return (
      <a
        href={mailUrl(data.email, user, projectName)}
        aria-label={`Email us at ${data.email}`}
        className={look}
      >
        <Mail className="size-6" aria-hidden="true" />
      </a>
    );
  return null;
}
