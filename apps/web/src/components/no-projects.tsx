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
  const { data } = useSupportContact();
  if (data?.whatsapp)
    return (
      <p className="text-sm text-muted-foreground">
        Questions?{' '}
        <a
          className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
          href={`https://wa.me/${data.whatsapp.replace(/\D/g, '')}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          <MessageCircle className="size-4" aria-hidden="true" />
          Chat with our team on WhatsApp
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        {data.email && (
          <>
            {' '}
            or write to{' '}
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
        Questions?{' '}
        <a
          className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
          href={`mailto:${data.email}`}
        >
          <Mail className="size-4" aria-hidden="true" />
          Write to our team at {data.email}
        </a>
        .
      </p>
    );
  return (
    <p className="text-sm text-muted-foreground">
      Your project appears here as soon as our team has recorded your investment.
    </p>
  );
}

/**
 * The one empty state of every investor page that needs a project, for an investor who holds none yet:
 * what the portal will show, the way to join a project, and how to reach the team.
 */
export function NoProjectsYet() {
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
        You have no projects yet
      </h2>
      <p className="max-w-prose text-muted-foreground">
        Once you invest in one of our cabin projects, this portal shows your investment and its returns, your
        payouts, your perks and cabin nights, and the project&apos;s updates, documents and media.
      </p>
      <Button asChild>
        <Link to="/join-project">
          <PlusCircle aria-hidden="true" />
          Join New Project
        </Link>
      </Button>
      <ReachTheTeam />
    </Card>
  );
}
