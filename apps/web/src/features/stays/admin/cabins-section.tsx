import { useId, useState, type ReactNode } from 'react';
import { BedDouble, CalendarRange, Plus } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import type { Cabin, HighSeason } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, THead, Td, Th, Tr } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { useCabins, useDeleteCabin, useDeleteSeason, useHighSeasons } from '@/queries/cabins';
import { EmptyState } from '@/components/admin/empty-state';
import { deleteAfterConfirm, useFailedToast } from '@/components/admin/feedback';
import { ActionsHead, RowActions, editAndDelete } from '@/components/admin/row-actions';
import { CabinDialog, SeasonDialog } from './cabin-dialogs';
import { deleteQuestion } from './delete-question';
import { StayRulesSection } from './stay-rules-section';

/** A titled part of the page with its add button. */
function Section({
  title,
  description,
  addLabel,
  onAdd,
  children,
}: {
  title: string;
  description: string;
  addLabel: string;
  onAdd: () => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        <Button variant="outline" onClick={onAdd}>
          <Plus aria-hidden="true" />
          {addLabel}
        </Button>
      </div>
      {children}
    </section>
  );
}

const Loading = ({ label }: { label: string }) => (
  <div className="grid gap-2" role="status" aria-label={label}>
    <Skeleton className="h-12" />
    <Skeleton className="h-12" />
  </div>
);

function Cabins({ projectId }: { projectId: string }) {
  const { t } = useTranslation('stays');
  const { data, isLoading, isError, error } = useCabins(projectId);
  const remove = useDeleteCabin(projectId, { failure: t('admin.cabins.deleteFailed') });
  const [dialog, setDialog] = useState<{ cabin: Cabin | null } | null>(null);
  useFailedToast(t('admin.cabins.fetchFailed'), isError, error);

  const onDelete = (c: Cabin) =>
    deleteAfterConfirm({
      confirm: deleteQuestion(t('admin.cabins.deleteTitle', { name: c.name })),
      run: () => remove.mutateAsync(c._id),
      doneTitle: t('admin.deleted'),
      done: t('admin.cabins.deletedText', { name: c.name }),
    });

  return (
    <Section
      title={t('admin.cabins.title')}
      description={t('admin.cabins.description')}
      addLabel={t('admin.cabins.add')}
      onAdd={() => setDialog({ cabin: null })}
    >
      {isLoading ? (
        <Loading label={t('admin.cabins.loading')} />
      ) : !data || data.length === 0 ? (
        <EmptyState
          icon={BedDouble}
          title={t('admin.cabins.emptyTitle')}
          hint={t('admin.cabins.emptyHint')}
        />
      ) : (
        <Card className="p-0">
          <Table aria-label={t('admin.cabins.label')}>
            <THead>
              <Tr>
                <Th>{t('admin.name')}</Th>
                <Th className="text-right">{t('admin.cabins.sleeps')}</Th>
                <Th>{t('admin.status')}</Th>
                <Th className="hidden text-right sm:table-cell">{t('admin.cabins.futureNights')}</Th>
                <ActionsHead />
              </Tr>
            </THead>
            <TBody>
              {data.map((c) => (
                <Tr key={c._id}>
                  <Td className="w-full max-w-0">
                    {/* A name is read whole: it wraps in its column on a phone. */}
                    <span className="block font-medium wrap-anywhere">{c.name}</span>
                    {c.description && (
                      <span className="line-clamp-2 text-xs text-muted-foreground wrap-anywhere">
                        {c.description}
                      </span>
                    )}
                  </Td>
                  <Td className="text-right tabular">{c.sleeps}</Td>
                  <Td>
                    <Badge variant={c.active ? 'success' : 'secondary'}>
                      {c.active ? t('admin.cabins.active') : t('admin.cabins.inactive')}
                    </Badge>
                  </Td>
                  <Td className="hidden text-right tabular sm:table-cell">{c.futureNights}</Td>
                  <Td>
                    <RowActions
                      name={c.name}
                      actions={editAndDelete(
                        () => setDialog({ cabin: c }),
                        () => void onDelete(c),
                      )}
                    />
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </Card>
      )}
      <CabinDialog
        open={!!dialog}
        cabin={dialog?.cabin ?? null}
        projectId={projectId}
        onClose={() => setDialog(null)}
      />
    </Section>
  );
}

function Seasons({ projectId }: { projectId: string }) {
  const { t } = useTranslation('stays');
  const { data, isLoading, isError, error } = useHighSeasons(projectId);
  const remove = useDeleteSeason(projectId, { failure: t('admin.seasons.deleteFailed') });
  const [dialog, setDialog] = useState<{ season: HighSeason | null } | null>(null);
  useFailedToast(t('admin.seasons.fetchFailed'), isError, error);
  const seasons = [...(data ?? [])].sort((a, b) => a.startsOn.localeCompare(b.startsOn));

  const onDelete = (s: HighSeason) =>
    deleteAfterConfirm({
      confirm: deleteQuestion(t('admin.seasons.deleteTitle', { name: s.name })),
      run: () => remove.mutateAsync(s._id),
      doneTitle: t('admin.deleted'),
      done: t('admin.seasons.deletedText', { name: s.name }),
    });

  return (
    <Section
      title={t('admin.seasons.title')}
      description={t('admin.seasons.description')}
      addLabel={t('admin.seasons.add')}
      onAdd={() => setDialog({ season: null })}
    >
      {isLoading ? (
        <Loading label={t('admin.seasons.loading')} />
      ) : seasons.length === 0 ? (
        <EmptyState
          icon={CalendarRange}
          title={t('admin.seasons.emptyTitle')}
          hint={t('admin.seasons.emptyHint')}
        />
      ) : (
        <Card className="p-0">
          <Table aria-label={t('admin.seasons.label')}>
            <THead>
              <Tr>
                <Th>{t('admin.name')}</Th>
                <Th>{t('admin.seasons.dates')}</Th>
                <Th className="text-right">
                  <Trans
                    t={t}
                    i18nKey="admin.seasons.nights"
                    components={{ wide: <span className="hidden sm:inline" /> }}
                  />
                </Th>
                <ActionsHead />
              </Tr>
            </THead>
            <TBody>
              {seasons.map((s) => (
                <Tr key={s._id}>
                  <Td className="w-full max-w-0">
                    <span className="block font-medium wrap-anywhere">{s.name}</span>
                  </Td>
                  <Td>
                    {/* The two dates wrap as a whole on a phone, so the table fits. */}
                    <span className="whitespace-nowrap">{formatDate(s.startsOn)} –</span>{' '}
                    <span className="whitespace-nowrap">{formatDate(s.endsOn)}</span>
                  </Td>
                  <Td className="text-right tabular">{s.maxNightsPerInvestor}</Td>
                  <Td>
                    <RowActions
                      name={s.name}
                      actions={editAndDelete(
                        () => setDialog({ season: s }),
                        () => void onDelete(s),
                      )}
                    />
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </Card>
      )}
      <SeasonDialog
        open={!!dialog}
        season={dialog?.season ?? null}
        projectId={projectId}
        onClose={() => setDialog(null)}
      />
    </Section>
  );
}

/** Cabins & seasons of the selected project, under its perks: the cabins stays take, and high seasons. */
export function CabinsAndSeasons({ projectId }: { projectId: string }) {
  return (
    <div className="mt-8 grid gap-8 border-t pt-6">
      <Cabins projectId={projectId} />
      <Seasons projectId={projectId} />
      <StayRulesSection projectId={projectId} />
    </div>
  );
}
