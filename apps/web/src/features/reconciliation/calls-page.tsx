import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HandCoins } from 'lucide-react';
import { capitalCallInput } from '@portal/contracts';
import { EmptyState } from '@/components/admin/empty-state';
import { toastDone, useFailedToast } from '@/components/admin/feedback';
import { PageHeader } from '@/components/admin/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, THead, Td, Th, Tr } from '@/components/ui/table';
import { formatDate, formatMoney } from '@/lib/format';
import { useCreateCall, useOfferingCalls } from '@/queries/capital-calls';

interface CallForm {
  percent: string;
  dueOn: string;
}

/** "Call capital": a share of every accepted subscription, due on a day. */
function CallDialog({
  offeringId,
  open,
  onClose,
}: {
  offeringId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('reconciliation');
  const failure = t('calls.failed');
  const create = useCreateCall(offeringId, { failure });
  return (
    <FormDialog<CallForm, { percent: number; dueOn: string }>
      open={open}
      onClose={onClose}
      title={t('calls.dialogTitle')}
      description={t('calls.dialogDescription')}
      defaultValues={{ percent: '', dueOn: '' }}
      schema={capitalCallInput}
      toBody={(f) => ({ percent: Number(f.percent.replace(',', '.')), dueOn: f.dueOn })}
      onSubmit={async (body) => {
        const created = await create.mutateAsync(body);
        toastDone(t('calls.created'), t('calls.createdText', { count: created.lines.length }));
      }}
      failure={failure}
      submitLabel={t('calls.submit')}
    >
      {(f) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('calls.percent')} error={f.error('percent')}>
            <Input inputMode="decimal" {...f.register('percent')} />
          </Field>
          <Field label={t('calls.dueOn')} error={f.error('dueOn')}>
            <Input type="date" {...f.register('dueOn')} />
          </Field>
        </div>
      )}
    </FormDialog>
  );
}

/** An offering's capital calls with each investor's line, and "Call capital". */
function CallsPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('reconciliation');
  const { data, isLoading, isError, error } = useOfferingCalls(id);
  useFailedToast(t('calls.loadFailed'), isError, error);
  const [open, setOpen] = useState(false);
  return (
    <>
      <PageHeader
        title={t('calls.title')}
        description={t('calls.description')}
        actions={<Button onClick={() => setOpen(true)}>{t('calls.callCapital')}</Button>}
      />
      {isLoading ? (
        <Skeleton className="h-40" />
      ) : !data?.length ? (
        <EmptyState icon={HandCoins} title={t('calls.none')} />
      ) : (
        <div className="grid gap-6">
          {data.map((c) => (
            <Card key={c._id}>
              <CardHeader>
                <CardTitle>
                  {t('calls.callTitle', {
                    percent: c.percent,
                    total: formatMoney(c.total),
                    date: formatDate(c.dueOn),
                  })}
                </CardTitle>
              </CardHeader>
              <CardContent>
                <Table aria-label={t('calls.linesLabel', { date: formatDate(c.dueOn) })}>
                  <THead>
                    <Tr>
                      <Th>{t('overdue.investor')}</Th>
                      <Th>{t('bank.reference')}</Th>
                      <Th className="text-right">{t('bank.amount')}</Th>
                      <Th className="text-right">{t('calls.paid')}</Th>
                    </Tr>
                  </THead>
                  <TBody>
                    {c.lines.map((l) => (
                      <Tr key={l._id}>
                        <Td>{l.investorName ?? l.userId}</Td>
                        <Td className="font-mono text-xs">{l.reference}</Td>
                        <Td className="text-right tabular">{formatMoney(l.amount)}</Td>
                        <Td className="text-right tabular">
                          {formatMoney(l.paid)}
                          {l.paidOn && (
                            <span className="ml-1 text-xs text-muted-foreground">
                              {t('calls.paidOn', { date: formatDate(l.paidOn) })}
                            </span>
                          )}
                        </Td>
                      </Tr>
                    ))}
                  </TBody>
                </Table>
              </CardContent>
            </Card>
          ))}
        </div>
      )}
      <CallDialog offeringId={id} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

export { CallsPage as Component };
