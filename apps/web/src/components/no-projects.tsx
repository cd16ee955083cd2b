import { useTranslation } from 'react-i18next';
import { useId } from 'react';
import { Link } from 'react-router';
import { Building2, Mail, MessageCircle, PlusCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useCurrentProject } from '@/queries/current-project';
import { useSupportContact } from '@/queries/support';

/**
 * True once the projects are known and the investor holds none: the pages that need a project show
 * `NoProjectsYet` instead of asking them to choose one.
 */
export function useHasNoProjects(): boolean {
  const { projects, isLoading, isError } = useCurrentProject();
  return !isLoading && !isError && projects.length === 0;
}

/** How to reach the team: the support contact the admins set, if any. */
function ReachTheTeam() {
  const { t } = useTranslation();
  const { data } = useSupportContact();
  if (data?.whatsapp)
    return (
      <p className="text-sm text-muted-foreground">
        {t('noProjects.questions')}{' '}
        <a
          className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
          href={`https://wa.me/${data.whatsapp.replace(/\D/g, '')}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          <MessageCircle className="size-4" aria-hidden="true" />
          {t('noProjects.whatsapp')}
          <span className="sr-only"> {t('opensInNewTab')}</span>
        </a>
        {data.email && (
          <>
            {' '}
            {t('noProjects.orWriteTo')}{' '}
            <a
              className="font-medium text-primary underline-offset-4 hover:underline"
              href={`mailto:${data.email}`}
            >
              {data.email}
            </a>
          </>
        )}
        .
      </p>
    );
  if (data?.email)
    return (
      <p className="text-sm text-muted-foreground">
        {t('noProjects.questions')}{' '}
        <a
          className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
          href={`mailto:${data.email}`}
        >
          <Mail className="size-4" aria-hidden="true" />
          {t('noProjects.writeTo', { email: data.email })}
        </a>
        .
      </p>
    );
  return <p className="text-sm text-muted-foreground">{t('noProjects.appearsSoon')}</p>;
}

/**
 * The one empty state of every investor page that needs a project, for an investor who holds none yet:
 * what the portal will show, the way to join a project, and how to reach the team.
 */
export function NoProjectsYet() {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      className="flex flex-col items-center gap-4 px-6 py-12 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Building2 className="size-7" aria-hidden="true" />
      </span>
      <h2 id={titleId} className="text-lg font-semibold">
        {t('noProjects.title')}
      </h2>
      <p className="max-w-prose text-muted-foreground">{t('noProjects.text')}</p>
      <Button asChild>
        <Link to="/join-project">
          <PlusCircle aria-hidden="true" />
          {t('shell.joinProject')}
        </Link>
      </Button>
      <ReachTheTeam />
    </Card>
  );
}
