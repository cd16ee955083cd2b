import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { Mail, MessageCircle } from 'lucide-react';
import type { CurrentUser } from '@portal/contracts';
import { useSupportContact } from '@/queries/support';

/** The message, in the page's language (the support team reads what the investor sends). */
function question(user: CurrentUser | null, projectName?: string | null) {
  const who = !user
    ? i18next.t('chat.anInvestor')
    : user.investorId
      ? i18next.t('chat.nameWithId', { name: user.name, id: user.investorId })
      : user.name;
  return projectName
    ? i18next.t('chat.questionAbout', { who, project: projectName })
    : i18next.t('chat.question', { who });
}

/** Opens a WhatsApp chat with `whatsapp` (E.164, "+" and digits) and a message about the investment. */
export function chatUrl(whatsapp: string, user: CurrentUser | null, projectName?: string | null): string {
  return `https://wa.me/${whatsapp.replace(/\D/g, '')}?text=${encodeURIComponent(question(user, projectName))}`;
}

/** Writes to `email` with the same message. */
function mailUrl(email: string, user: CurrentUser | null, projectName?: string | null): string {
  const subject = projectName
    ? i18next.t('chat.subjectAbout', { project: projectName })
    : i18next.t('chat.subject');
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(question(user, projectName))}`;
}

const look =
  'fixed bottom-5 right-5 z-30 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/**
 * The floating support button: a WhatsApp chat when the admins set a number, otherwise an email to the
 * support address; with neither set there is nobody to reach, and no button.
 */
export function ChatButton({ user, projectName }: { user: CurrentUser | null; projectName?: string | null }) {
  const { t } = useTranslation();
  const { data } = useSupportContact();
  if (data?.whatsapp)
    return (
      <a
        href={chatUrl(data.whatsapp, user, projectName)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('chat.whatsapp')}
        className={look}
      >
        <MessageCircle className="size-6" aria-hidden="true" />
      </a>
    );
  if (data?.email)
    return (
      <a
        href={mailUrl(data.email, user, projectName)}
        aria-label={t('chat.email', { email: data.email })}
        className={look}
      >
        <Mail className="size-6" aria-hidden="true" />
      </a>
    );
  return null;
}
