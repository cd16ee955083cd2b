import { useId, useMemo, useState, type ReactNode } from 'react';
import { FolderOpen, FileSearch, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { vaultFilters, type DocumentFilter, type DocumentSort } from '@portal/contracts';
import { NoProjectsYet } from '@/components/no-projects';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentProject } from '@/queries/current-project';
import { useDocuments } from '@/queries/documents';
import { useStatements } from '@/queries/statements';
import { messageOf } from '@/lib/toast';
import { DocumentRow } from './components/document-row';
import { StatementsGroup } from './components/statements-group';
import { VaultToolbar } from './components/vault-toolbar';
import {
  arrangeDocuments,
  categoryLabel,
  documentCount,
  searchStatements,
  vaultCount,
  type DocumentGroup,
} from './documents-view';

function Message({ children, action, role }: { children: ReactNode; action?: ReactNode; role?: 'status' }) {
  return (
    <Card
      className="flex flex-col items-center gap-3 px-6 py-12 text-center text-muted-foreground"
      role={role}
    >
      <FileSearch className="size-8" aria-hidden="true" />
      <p>{children}</p>
      {action}
    </Card>
  );
}

function CategoryGroup({ group }: { group: DocumentGroup }) {
  const id = useId();
  useTranslation('documents');
  const n = group.documents.length;
  return (
    <section aria-labelledby={id}>
      <Card className="overflow-hidden">
        <div className="flex items-center justify-between gap-3 border-b bg-muted/40 px-4 py-3 sm:px-5">
          <h2 id={id} className="flex min-w-0 items-center gap-2 font-semibold">
            <FolderOpen className="size-4 shrink-0 text-primary" aria-hidden="true" />
            {categoryLabel(group.category)}
          </h2>
          <span className="shrink-0 whitespace-nowrap text-sm text-muted-foreground">{documentCount(n)}</span>
        </div>
        <ul className="divide-y">
          {group.documents.map((d) => (
            <DocumentRow key={d._id} doc={d} />
          ))}
        </ul>
      </Card>
    </section>
  );
}

/**
 * Document Vault (docs/product.md §11): search, working Filter and Sort menus, rows grouped by category,
 * and below them the investor's statements, the same whichever project is selected.
 */
export function DocumentsPage() {
  const { t } = useTranslation('documents');
  const { current, isLoading: projectsLoading } = useCurrentProject();
  const projectId = current?._id;
  const { data, isLoading, isError, error, refetch, isFetching } = useDocuments(projectId);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<DocumentFilter>('all');
  const [sort, setSort] = useState<DocumentSort>('date-desc');

  const documents = useMemo(() => data ?? [], [data]);
  const groups = useMemo(
    () => arrangeDocuments(documents, { search, filter, sort }),
    [documents, search, filter, sort],
  );
  const filters = useMemo(() => vaultFilters(documents), [documents]);
  const shown = groups.reduce((n, g) => n + g.documents.length, 0);
  const narrowed = search.trim() !== '' || filter !== 'all';
  const statements = useStatements().data;
  const statementsShown = useMemo(() => searchStatements(statements ?? [], search), [statements, search]);
  const loading = projectsLoading || (!!projectId && isLoading);

  let body: ReactNode;
  if (loading) {
    body = (
      <div className="grid gap-4" role="status">
        <p className="text-sm text-muted-foreground">{t('vault.loading')}</p>
        {Array.from({ length: 2 }, (_, i) => (
          <Skeleton key={i} className="h-44" />
        ))}
      </div>
    );
  } else if (!projectId) {
    body = <NoProjectsYet />;
  } else if (isError) {
    body = (
      <Message
        action={
          <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
            <RotateCw aria-hidden="true" />
            {t('vault.tryAgain')}
          </Button>
        }
      >
        {error instanceof Error
          ? t('vault.loadFailedWith', { message: messageOf(error, '') })
          : t('vault.loadFailed')}
      </Message>
    );
  } else if (documents.length === 0) {
    body = <Message>{t('vault.empty')}</Message>;
  } else if (shown === 0) {
    body = (
      <Message
        action={
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setSearch('');
              setFilter('all');
            }}
          >
            {t('vault.clear')}
          </Button>
        }
      >
        {t('vault.noMatch')}
      </Message>
    );
  } else {
    body = (
      <div className="grid gap-5">
        {groups.map((g) => (
          <CategoryGroup key={g.category} group={g} />
        ))}
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('vault.title')}</h1>
        {current && (
          <p className="mt-1 text-muted-foreground">{t('vault.subtitle', { project: current.name })}</p>
        )}
      </header>
      {projectId && !loading && !isError && documents.length > 0 && (
        <div className="grid gap-2">
          <VaultToolbar
            search={search}
            onSearch={setSearch}
            filter={filter}
            onFilter={setFilter}
            sort={sort}
            onSort={setSort}
            filters={filters}
          />
          <p className="text-sm text-muted-foreground" role="status">
            {vaultCount({
              documents: { shown, total: documents.length },
              statements: statements ? { shown: statementsShown.length, total: statements.length } : null,
              narrowed,
            })}
          </p>
        </div>
      )}
      {body}
      {!projectsLoading && <StatementsGroup search={search} />}
    </div>
  );
}

export { DocumentsPage as Component };
