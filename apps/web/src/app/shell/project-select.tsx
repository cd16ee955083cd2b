import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useCurrentProject } from '@/queries/current-project';

/**
 * The shell's project selector: it sets the current project of every project-scoped screen. In the
 * header it is as wide as its longest project name (a select's own width), up to 18rem (28rem from
 * 1280 px); under the header, as wide as the screen. A longer name is whole in the tooltip and the list.
 */
export function ProjectSelect({
  tone = 'header',
  className,
}: {
  /** In the header, in its own row under the header (narrow screens), or in the sidebar. */
  tone?: 'header' | 'row' | 'sidebar';
  className?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { projects, current, setCurrentId, isLoading } = useCurrentProject();
  return (
    <div className={cn('grid gap-1', className)}>
      <label
        htmlFor={id}
        className={cn('text-xs font-medium', tone === 'sidebar' ? 'text-sidebar-muted' : 'sr-only')}
      >
        {t('projectSelect.label')}
      </label>
      <NativeSelect
        id={id}
        value={current?._id ?? ''}
        onChange={(e) => setCurrentId(e.target.value)}
        disabled={isLoading || projects.length === 0}
        title={current?.name}
        className={cn(
          // Chromium draws the arrow beside the padding, not in it: a little padding leaves the
          // sidebar's narrow select room for a whole project name.
          tone === 'sidebar' && 'border-sidebar-border bg-sidebar-accent pr-2 text-sidebar-foreground',
          tone === 'header' && 'h-9 w-auto max-w-72 xl:max-w-md',
          tone === 'row' && 'h-9',
        )}
      >
        {projects.length === 0 && (
          <option value="">{isLoading ? t('projectSelect.loading') : t('projectSelect.none')}</option>
        )}
        {projects.map((p) => (
          <option key={p._id} value={p._id}>
            {p.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
