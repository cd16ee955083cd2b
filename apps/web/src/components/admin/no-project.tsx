import { FolderOpen } from 'lucide-react';
import { useCurrentProject } from '@/queries/current-project';
import { EmptyState } from './empty-state';

/** Shown by project-scoped screens while no project is selected (or none exists yet). */
export function NoProject() {
  const { isLoading, projects } = useCurrentProject();
  if (isLoading)
    return (
      <p role="status" className="text-muted-foreground">
        Loading projects...
      </p>
    );
  return (
    <EmptyState
      icon={FolderOpen}
      title={projects.length === 0 ? 'No projects found' : 'Select a project'}
      hint={
        projects.length === 0
          ? 'Create a project under Projects Management first.'
          : 'Choose a project in the header to manage its content.'
      }
    />
  );
}
