import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentProject } from '@/queries/current-project';
import { ProjectCard } from './project-card';
import { SectionHeader } from './section-header';

/** Your Projects (docs/product.md §6), with its empty, loading and error texts. */
export function YourProjects() {
  const { projects, isLoading, isError } = useCurrentProject();
  const { t } = useTranslation('portfolio');
  return (
    <section aria-labelledby="your-projects-heading">
      <SectionHeader
        id="your-projects-heading"
        title={t('yourProjects.title')}
        actions={
          <Button asChild variant="outline" size="sm">
            <Link to="/projects">
              {t('yourProjects.viewAll')}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        }
      />
      {isLoading ? (
        <div className="grid gap-4 sm:grid-cols-2 md:grid-cols-1 lg:grid-cols-2">
          <p role="status" className="col-span-full text-sm text-muted-foreground">
            {t('yourProjects.loading')}
          </p>
          <Skeleton className="h-60 rounded-xl" />
          <Skeleton className="h-60 rounded-xl" />
        </div>
      ) : isError ? (
        <Card className="p-6 text-center text-sm text-destructive" role="alert">
          {t('yourProjects.error')}
        </Card>
      ) : projects.length === 0 ? (
        <Card className="p-6 text-center text-sm text-muted-foreground">{t('yourProjects.empty')}</Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 md:grid-cols-1 lg:grid-cols-2">
          {projects.map((p) => (
            <li key={p._id} className="grid">
              <ProjectCard project={p} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
