import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Send } from 'lucide-react';
import { statementLabel } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { NativeSelect } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, THead, Td, Th, Tr } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { usePublishStatements, useStatementPublications } from '@/queries/distributions';
import { toastDone, toastFailed, useFailedToast } from '../components/feedback';

const investors = (n: number) => `${n} investor${n === 1 ? '' : 's'}`;

/**
 * Publishing a period's statements: every investor who held an investment by its end is told that the
 * statement is in their Document Vault, in the portal and by email. Once per period; the list below
 * says when each was published and to how many, with their emails in the outbox.
 */
export function StatementsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data, isLoading, isError, error } = useStatementPublications({ enabled: open });
  const publish = usePublishStatements();
  const [chosen, setChosen] = useState('');
  const selectId = useId();
  useFailedToast('Failed to fetch statement publications', isError, error);
  const period = chosen && data?.publishable.includes(chosen) ? chosen : (data?.publishable[0] ?? '');

  async function onPublish() {
    try {
      const res = await publish.mutateAsync(period);
      setChosen('');
      toastDone(
        `Statements for ${statementLabel(period)} published`,
        `${investors(res.data.recipients)} told; ${res.data.emailed} email${res.data.emailed === 1 ? '' : 's'} queued.`,
      );
    } catch (err) {
      toastFailed('Failed to publish statements', err);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Statements</DialogTitle>
          <DialogDescription>
            Publishing a period tells every investor who held an investment in it that their statement is
            ready, in the portal and by email (unless they turned payouts and statements email off).
          </DialogDescription>
        </DialogHeader>
        {isLoading || !data ? (
          <Skeleton className="h-24" role="status" aria-label="Loading statement publications" />
        ) : (
          <>
            {data.publishable.length ? (
              <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
                <div className="grid flex-1 gap-1.5">
                  <label htmlFor={selectId} className="text-sm font-medium">
                    Period
                  </label>
                  <NativeSelect id={selectId} value={period} onChange={(e) => setChosen(e.target.value)}>
                    {data.publishable.map((p) => (
                      <option key={p} value={p}>
                        {statementLabel(p)}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                <Button onClick={() => void onPublish()} disabled={publish.isPending}>
                  <Send aria-hidden="true" />
                  Publish statements for {statementLabel(period)}
                </Button>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">Every period that has ended is published.</p>
            )}
            {data.publications.length > 0 && (
              <Table aria-label="Published statements">
                <THead>
                  <Tr>
                    <Th>Period</Th>
                    <Th className="hidden sm:table-cell">Published</Th>
                    <Th className="text-right">Investors</Th>
                    <Th className="text-right">Emails</Th>
                  </Tr>
                </THead>
                <TBody>
                  {data.publications.map((p) => (
                    <Tr key={p.period}>
                      <Td>
                        <p className="font-medium">{statementLabel(p.period)}</p>
                        <p className="text-xs text-muted-foreground sm:hidden">{formatDate(p.publishedAt)}</p>
                      </Td>
                      <Td className="hidden whitespace-nowrap sm:table-cell">{formatDate(p.publishedAt)}</Td>
                      <Td className="text-right tabular">{p.recipients}</Td>
                      <Td className="text-right">
                        <Link
                          to={`/admin/email?batch=${p.batchId}`}
                          className="tabular text-primary underline-offset-4 hover:underline"
                          aria-label={`${p.emailed} emails for ${statementLabel(p.period)}: view in outbox`}
                        >
                          {p.emailed}
                        </Link>
                      </Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
