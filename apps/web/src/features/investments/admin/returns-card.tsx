import { useEffect, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { Check, Lock, Pencil, Plus, Scale, Trash2, X } from 'lucide-react';
import {
  nextReturnMonth,
  returnInput,
  sumMoney,
  type Adjustment,
  type MonthlyReturnRecord,
} from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { contractResolver } from '@/components/ui/contract-resolver';
import { Field } from '@/components/ui/field';
import { serverFieldErrors } from '@/components/ui/field-errors';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, THead, Td, Th, Tr } from '@/components/ui/table';
import { formatDate, formatMoney, formatMonth, formatNumber } from '@/lib/format';
import { useDeleteReturn, useReturns, useSaveReturn } from '@/queries/returns';
import { deleteAfterConfirm, toastDone, toastFailed, useFailedToast } from '@/components/admin/feedback';
import { ActionsHead } from '@/components/admin/row-actions';
import { AdjustmentDialog, type CorrectedEntry } from './adjustment-dialog';
import { AdjustmentsList } from './adjustments-list';

/** Months shown before "Show all": a year at a glance. */
const RECENT_MONTHS = 12;

interface ReturnForm {
  month: string;
  amount: string;
}
const FIELDS = ['month', 'amount'] as const;

/** How a return is named as the entry an adjustment corrects. */
const returnEntry = (t: TFunction<'investments'>, r: MonthlyReturnRecord) =>
  t('returns.entry', { month: formatMonth(r.month), amount: formatMoney(r.amount) });

const monthsText = (t: TFunction<'investments'>, n: number) =>
  t('count.months', { count: n, n: formatNumber(n) });

/**
 * Monthly returns of the user in the selected project: list, add, update (docs/product.md §15.3); a
 * locked one is corrected with an adjustment, listed below them.
 */
export function ReturnsCard({
  userId,
  userName,
  projectId,
  projectName,
  linked,
}: {
  userId: string;
  userName: string;
  projectId: string;
  projectName: string;
  /** Whether the user holds an investment in the project (returns need one). */
  linked: boolean;
}) {
  const { t } = useTranslation('investments');
  const { data, isLoading, isError, error } = useReturns(userId, projectId);
  const save = useSaveReturn(userId);
  const remove = useDeleteReturn(userId, { failure: t('returns.failedDelete') });
  // Until the admin types a month (and again after each add), the next month not yet recorded.
  const proposed = nextReturnMonth((data ?? []).map((r) => r.month));
  const toBody = (v: ReturnForm) => ({ projectId, month: v.month, amount: Number(v.amount) });
  const { register, handleSubmit, setError, clearErrors, getValues, reset, resetField, formState } =
    useForm<ReturnForm>({
      defaultValues: { month: proposed, amount: '' },
      resolver: contractResolver<ReturnForm>(returnInput, toBody, (name) => name !== 'projectId'),
      // Messages stay until the next submit.
      reValidateMode: 'onSubmit',
    });
  const { errors, dirtyFields } = formState;
  const monthTyped = Boolean(dirtyFields.month);
  useEffect(() => {
    if (!monthTyped) resetField('month', { defaultValue: proposed });
  }, [proposed, monthTyped, resetField]);
  const [editing, setEditing] = useState<{ month: string; amount: string } | null>(null);
  const [showAll, setShowAll] = useState(false);
  // The adjustment dialog, with the entry it corrects (null for one of its own); closed when undefined.
  const [adjusting, setAdjusting] = useState<CorrectedEntry | null | undefined>(undefined);

  useFailedToast(t('returns.failedFetch'), isError, error);

  const add = handleSubmit(
    async (values) => {
      try {
        await save.mutateAsync({ mode: 'add', input: toBody(values) });
        reset({ month: proposed, amount: '' });
        toastDone(t('returns.created'), t('returns.addedText', { month: formatMonth(values.month) }));
      } catch (err) {
        // A 400's field problems next to their fields, the first of them focused.
        const fields = serverFieldErrors(err);
        const invalid = FIELDS.filter((k) => fields[k]);
        invalid.forEach((k, i) => setError(k, { message: fields[k] }, { shouldFocus: i === 0 }));
      }
    },
    (invalid) => {
      const first = FIELDS.map((k) => invalid[k]?.message).find(Boolean);
      if (first) toastFailed(t('returns.failedAdd'), new Error(first));
    },
  );

  /** The spec's own first check, above the fields. */
  const fillInAll = () => {
    clearErrors();
    setError('root', { type: 'precheck', message: t('returns.fillInAll') });
  };

  function onAdd(e: FormEvent) {
    e.preventDefault();
    const { month, amount } = getValues();
    if (!month || amount.trim() === '') return fillInAll();
    void add(e);
  }

  async function onUpdate(r: MonthlyReturnRecord) {
    if (!editing || editing.amount.trim() === '') return fillInAll();
    try {
      await save.mutateAsync({
        mode: 'update',
        input: { projectId, month: r.month, amount: Number(editing.amount) },
      });
      setEditing(null);
      toastDone(t('returns.updated'), t('returns.updatedText', { month: formatMonth(r.month) }));
    } catch {
      // Told by the write's failure toast.
    }
  }

  const onDelete = (r: MonthlyReturnRecord) =>
    deleteAfterConfirm({
      confirm: {
        title: t('returns.deleteTitle', { month: formatMonth(r.month) }),
        description: t('returns.deleteText'),
        confirmLabel: t('returns.deleteConfirm'),
        destructive: true,
      },
      run: () => remove.mutateAsync({ projectId, month: r.month }),
      doneTitle: t('returns.deletedTitle'),
      done: t('returns.deletedText', { month: formatMonth(r.month) }),
    });

  const newestFirst = [...(data ?? [])].reverse();
  const rows = showAll ? newestFirst : newestFirst.slice(0, RECENT_MONTHS);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('returns.title')}</CardTitle>
        <CardDescription>
          {data && data.length > 0
            ? t('returns.summary', {
                months: monthsText(t, data.length),
                total: formatMoney(sumMoney(data.map((r) => r.amount))),
              })
            : t('returns.description')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5">
        <form onSubmit={onAdd} className="grid gap-3" noValidate aria-label={t('returns.addForm')}>
          <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            <Field label={t('returns.month')} error={errors.month?.message}>
              <Input type="month" disabled={!linked} {...register('month')} />
            </Field>
            <Field label={t('returns.amount')} error={errors.amount?.message}>
              <Input
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                disabled={!linked}
                {...register('amount')}
              />
            </Field>
            <Button type="submit" disabled={!linked || save.isPending}>
              <Plus aria-hidden="true" />
              {t('returns.add')}
            </Button>
          </div>
          {errors.root && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.root.message}
            </p>
          )}
          {!linked && <p className="text-sm text-muted-foreground">{t('returns.linkFirst')}</p>}
        </form>
        {isLoading ? (
          <Skeleton className="h-24" />
        ) : rows.length === 0 ? (
          <p className="rounded-md border border-dashed px-3 py-6 text-center text-sm text-muted-foreground">
            {t('returns.empty')}
          </p>
        ) : (
          <Table aria-label={t('returns.title')}>
            <THead>
              <Tr>
                <Th>{t('returns.month')}</Th>
                <Th className="text-right">{t('returns.amountColumn')}</Th>
                <ActionsHead />
              </Tr>
            </THead>
            <TBody>
              {rows.map((r) => {
                const isEditing = editing?.month === r.month;
                return (
                  <Tr key={r._id}>
                    {/* The payment date wraps under the month, so the actions fit on a phone. */}
                    <Td className="px-2 py-1.5 font-medium sm:px-3">
                      <span className="whitespace-nowrap">{formatMonth(r.month)}</span>
                      {r.paymentDate && (
                        <span className="block text-xs font-normal text-muted-foreground">
                          {t('returns.paidOn', { date: formatDate(r.paymentDate) })}
                        </span>
                      )}
                      {r.locked && <LockedNote reason={r.locked.reason} />}
                    </Td>
                    <Td className="px-2 py-1.5 text-right tabular whitespace-nowrap sm:px-3">
                      {isEditing ? (
                        <Input
                          type="number"
                          inputMode="decimal"
                          min={0}
                          step="0.01"
                          aria-label={t('returns.amountFor', { month: formatMonth(r.month) })}
                          className="ml-auto h-9 w-36 text-right"
                          value={editing.amount}
                          autoFocus
                          onChange={(e) => setEditing({ month: r.month, amount: e.target.value })}
                          onKeyDown={(e) => {
                            if (e.key === 'Enter') void onUpdate(r);
                            if (e.key === 'Escape') setEditing(null);
                          }}
                        />
                      ) : (
                        formatMoney(r.amount)
                      )}
                    </Td>
                    <Td className="px-1 py-1.5 sm:px-3">
                      <div className="flex justify-end gap-0.5 sm:gap-1">
                        {isEditing ? (
                          <>
                            <Button
                              size="icon"
                              variant="ghost"
                              aria-label={t('returns.saveMonth', { month: formatMonth(r.month) })}
                              onClick={() => void onUpdate(r)}
                            >
                              <Check aria-hidden="true" />
                            </Button>
                            <Button
                              size="icon"
                              variant="ghost"
                              aria-label={t('returns.cancelEditing')}
                              onClick={() => setEditing(null)}
                            >
                              <X aria-hidden="true" />
                            </Button>
                          </>
                        ) : r.locked ? (
                          // A locked return (LockedNote says why) is not edited: it is corrected with
                          // an adjustment that names it.
                          // On a phone only its icon, like Edit and Delete: the locked note keeps its room.
                          <Button
                            size="sm"
                            variant="outline"
                            className="max-sm:size-9 max-sm:px-0"
                            onClick={() => setAdjusting({ _id: r._id, label: returnEntry(t, r) })}
                          >
                            <Scale aria-hidden="true" />
                            <span className="max-sm:sr-only">{t('returns.adjust')}</span>{' '}
                            <span className="sr-only">{formatMonth(r.month)}</span>
                          </Button>
                        ) : (
                          <>
                            <Button
                              size="icon"
                              variant="ghost"
                              aria-label={t('returns.editMonth', { month: formatMonth(r.month) })}
                              onClick={() => setEditing({ month: r.month, amount: String(r.amount) })}
                            >
                              <Pencil aria-hidden="true" />
                            </Button>
                            <Button
                              size="icon"
                              variant="ghost"
                              className="text-destructive hover:text-destructive"
                              aria-label={t('returns.deleteMonth', { month: formatMonth(r.month) })}
                              onClick={() => void onDelete(r)}
                            >
                              <Trash2 aria-hidden="true" />
                            </Button>
                          </>
                        )}
                      </div>
                    </Td>
                  </Tr>
                );
              })}
            </TBody>
          </Table>
        )}
        {newestFirst.length > RECENT_MONTHS && (
          <Button
            variant="ghost"
            size="sm"
            className="justify-self-start"
            onClick={() => setShowAll((v) => !v)}
          >
            {showAll
              ? t('returns.showLast', { n: formatNumber(RECENT_MONTHS) })
              : t('returns.showAll', { months: monthsText(t, newestFirst.length) })}
          </Button>
        )}
        <AdjustmentsList
          userId={userId}
          projectId={projectId}
          linked={linked}
          corrected={(a: Adjustment) => {
            const r = a.corrects ? data?.find((x) => x._id === a.corrects) : undefined;
            return r ? returnEntry(t, r) : null;
          }}
          onRecord={() => setAdjusting(null)}
        />
      </CardContent>
      <AdjustmentDialog
        open={adjusting !== undefined}
        onClose={() => setAdjusting(undefined)}
        userId={userId}
        userName={userName}
        projectId={projectId}
        projectName={projectName}
        corrects={adjusting ?? null}
      />
    </Card>
  );
}

/** A final return: a lock and why, in words (the same as the server's 409). */
function LockedNote({ reason }: { reason: string }) {
  const { t } = useTranslation('investments');
  return (
    <span className="mt-0.5 flex max-w-md items-start gap-1 text-xs font-normal whitespace-normal text-muted-foreground">
      <Lock aria-hidden="true" className="mt-0.5 size-3 shrink-0" />
      <span>
        <Trans
          t={t}
          i18nKey="returns.locked"
          values={{ reason }}
          components={{ b: <span className="font-medium" /> }}
        />
      </span>
    </span>
  );
}
