import { useId, useState, type ReactNode } from 'react';
import { BedDouble, CalendarRange, Plus } from 'lucide-react';
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
  const { data, isLoading, isError, error } = useCabins(projectId);
  const remove = useDeleteCabin(projectId);
  const [dialog, setDialog] = useState<{ cabin: Cabin | null } | null>(null);
  useFailedToast('Failed to fetch cabins', isError, error);

  const onDelete = (c: Cabin) =>
    deleteAfterConfirm({
      what: `cabin ${c.name}`,
      run: () => remove.mutateAsync(c._id),
      done: `Cabin “${c.name}” was deleted.`,
      failed: 'Failed to delete cabin',
    });

  return (
    <Section
      title="Cabins"
      description="Each night of a stay takes one active cabin: the calendar shows how many are free."
      addLabel="Add Cabin"
      onAdd={() => setDialog({ cabin: null })}
    >
      {isLoading ? (
        <Loading label="Loading cabins" />
      ) : !data || data.length === 0 ? (
        <EmptyState icon={BedDouble} title="No cabins yet" hint="Add the cabins investors stay in." />
      ) : (
        <Card className="p-0">
          <Table aria-label="Cabins">
            <THead>
              <Tr>
                <Th>Name</Th>
                <Th className="text-right">Sleeps</Th>
                <Th>Status</Th>
                <Th className="hidden text-right sm:table-cell">Future nights</Th>
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
                      {c.active ? 'Active' : 'Inactive'}
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
  const { data, isLoading, isError, error } = useHighSeasons(projectId);
  const remove = useDeleteSeason(projectId);
  const [dialog, setDialog] = useState<{ season: HighSeason | null } | null>(null);
  useFailedToast('Failed to fetch high seasons', isError, error);
  const seasons = [...(data ?? [])].sort((a, b) => a.startsOn.localeCompare(b.startsOn));

  const onDelete = (s: HighSeason) =>
    deleteAfterConfirm({
      what: `high season ${s.name}`,
      run: () => remove.mutateAsync(s._id),
      done: `High season “${s.name}” was deleted.`,
      failed: 'Failed to delete high season',
    });

  return (
    <Section
      title="High seasons"
      description="Periods in which each investor may hold only so many nights."
      addLabel="Add High Season"
      onAdd={() => setDialog({ season: null })}
    >
      {isLoading ? (
        <Loading label="Loading high seasons" />
      ) : seasons.length === 0 ? (
        <EmptyState icon={CalendarRange} title="No high seasons" hint="Every night counts the same." />
      ) : (
        <Card className="p-0">
          <Table aria-label="High seasons">
            <THead>
              <Tr>
                <Th>Name</Th>
                <Th>Dates</Th>
                <Th className="text-right">
                  Nights <span className="hidden sm:inline">per investor</span>
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
    </div>
  );
}
