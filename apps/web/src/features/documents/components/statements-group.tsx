import { useId, useMemo, useState } from 'react';
import { Download, FileText, FolderOpen, LoaderCircle, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { StatementListItem } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { messageOf, toastError } from '@/lib/toast';
import { downloadStatement, useStatements } from '@/queries/statements';
import { statementLabel } from '@portal/contracts';
import { searchStatements, sortStatements, statementCount, statementKindLabel } from '../documents-view';

/**
 * One statement: its period, kind and dates, Preliminary while its period is not published (its figures
 * may still change; a published one never does), and a Download of its PDF.
 */
function StatementRow({ statement }: { statement: StatementListItem }) {
  const { t } = useTranslation('documents');
  const [busy, setBusy] = useState(false);
  const label = statementLabel(statement.period);

  async function download() {
    setBusy(true);
    try {
      await downloadStatement(statement.period);
    } catch (err) {
      toastError(messageOf(err, t('row.downloadFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:gap-4 sm:px-5">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
          <FileText className="size-5" aria-hidden="true" />
        </div>
        <div className="min-w-0">
          <p className="font-medium leading-snug break-words">{label}</p>
          <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1.5 text-sm text-muted-foreground">
            <span>
              <time dateTime={statement.from}>{formatDate(statement.from)}</time>
              {' – '}
              <time dateTime={statement.to}>{formatDate(statement.to)}</time>
            </span>
            <Badge variant="outline" className="font-medium">
              {statementKindLabel(statement.kind)}
            </Badge>
            {!statement.published && (
              <Badge variant="warning" title={t('statements.preliminaryHint')}>
                {t('statements.preliminary')}
              </Badge>
            )}
          </div>
        </div>
      </div>
      <div className="flex shrink-0 gap-2 pl-13 sm:pl-0">
        <Button
          variant="outline"
          size="sm"
          aria-label={t('statements.downloadOf', { label })}
          disabled={busy}
          aria-busy={busy}
          onClick={() => void download()}
        >
          {busy ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Download aria-hidden="true" />
          )}
          {t('row.download')}
        </Button>
      </div>
    </li>
  );
}

/**
 * The investor's statements (docs/product.md §11), in the style of a category group. They belong to the
 * investor, not to a project, so the group is the same whichever project is selected.
 */
export function StatementsGroup({ search = '' }: { search?: string }) {
  const { t } = useTranslation('documents');
  const id = useId();
  const { data, isLoading, isError, error, refetch, isFetching } = useStatements();
  const all = useMemo(() => sortStatements(data ?? []), [data]);
  const statements = useMemo(() => searchStatements(all, search), [all, search]);
  const n = statements.length;

  let body;
  if (isLoading) {
    body = (
      <p className="px-4 py-6 text-sm text-muted-foreground sm:px-5" role="status">
        {t('statements.loading')}
      </p>
    );
  } else if (isError) {
    body = (
      <div className="flex flex-col items-start gap-3 px-4 py-6 text-sm text-muted-foreground sm:px-5">
        <p>
          {error instanceof Error
            ? t('statements.loadFailedWith', { message: messageOf(error, '') })
            : t('statements.loadFailed')}
        </p>
        <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
          <RotateCw aria-hidden="true" />
          {t('vault.tryAgain')}
        </Button>
      </div>
    );
  } else if (all.length === 0) {
    body = <p className="px-4 py-6 text-sm text-muted-foreground sm:px-5">{t('statements.empty')}</p>;
  } else if (n === 0) {
    body = <p className="px-4 py-6 text-sm text-muted-foreground sm:px-5">{t('statements.noMatch')}</p>;
  } else {
    body = (
      <ul className="divide-y">
        {statements.map((s) => (
          <StatementRow key={s.period} statement={s} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={id}>
      <Card className="overflow-hidden">
        <div className="flex items-center justify-between gap-3 border-b bg-muted/40 px-4 py-3 sm:px-5">
          <h2 id={id} className="flex min-w-0 items-center gap-2 font-semibold">
            <FolderOpen className="size-4 shrink-0 text-primary" aria-hidden="true" />
            {t('statements.title')}
          </h2>
          {!isLoading && !isError && (
            <span className="shrink-0 whitespace-nowrap text-sm text-muted-foreground">
              {statementCount(n)}
            </span>
          )}
        </div>
        {body}
      </Card>
    </section>
  );
}
