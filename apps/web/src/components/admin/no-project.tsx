import { useTranslation } from 'react-i18next';
import { FolderOpen } from 'lucide-react';
import { useCurrentProject } from '@/queries/current-project';
import { EmptyState } from './empty-state';

/** Shown by project-scoped screens while no project is selected (or none exists yet). */
export function NoProject() {
  const { t } = useTranslation();
  const { isLoading, projects } = useCurrentProject();
  if (isLoading)
    return (
      <p role="status" className="text-muted-foreground">
        {t('noProject.loading')}
      </p>
    );
  return (
    <EmptyState
      icon={FolderOpen}
      title={projects.length === 0 ? t('noProject.none') : t('noProject.select')}
      hint={projects.length === 0 ? t('noProject.createFirst') : t('noProject.chooseInHeader')}
    />
  );
}
