import { useState } from 'react';
import { Download, ScrollText } from 'lucide-react';
import {
  AUDIT_ENTITIES,
  auditEntityLabel,
  auditRoleLabel,
  auditSentence,
  type AuditEntity,
  type AuditEntry,
} from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, NativeSelect } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, THead, Td, Th, Tr } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { useAuditLog, useExportAudit, type AuditParams } from '@/queries/audit';
import { EmptyState } from '@/components/admin/empty-state';
import { useFailedToast } from '@/components/admin/feedback';
import { PageHeader } from '@/components/admin/page-header';
import { Pager } from '@/components/admin/pager';

const PAGE_SIZE = 25;
const NO_FILTERS: AuditParams = { actorId: '', entity: '', from: '', to: '' };

/** The actor's name, or the words for an account since deleted. */
const actorName = (e: AuditEntry) => e.actor?.name ?? 'A deleted account';

/** The actor's role beside their name: Admin or Investor. */
function RoleBadge({ entry }: { entry: AuditEntry }) {
  return (
    <Badge variant={entry.actor?.role === 'admin' ? 'secondary' : 'outline'} className="font-normal">
      {auditRoleLabel(entry)}
    </Badge>
  );
}

const when = (iso: string) => `${formatDate(iso)}, ${new Date(iso).toLocaleTimeString('en-GB')}`;

/** A recorded value as text: strings as they are, anything else as JSON. */
const show = (v: unknown) =>
  v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v);

/** Before and after, where the write kept them ({ from, to } or { before, after }). */
function beforeAfter(d: Record<string, unknown>): { before: unknown; after: unknown } | null {
  if ('from' in d || 'to' in d) return { before: d.from, after: d.to };
  if ('before' in d || 'after' in d) return { before: d.before, after: d.after };
  return null;
}

function DetailsDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const details = entry?.details ?? {};
  const change = beforeAfter(details);
  const rest = Object.entries(details).filter(
    ([k]) => !change || !['from', 'to', 'before', 'after'].includes(k),
  );
  return (
    <Dialog open={!!entry} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-xl">
        {entry && (
          <>
            <DialogHeader>
              <DialogTitle>Audit entry</DialogTitle>
              <DialogDescription>{auditSentence(entry)}</DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">When</dt>
              <dd>{when(entry.createdAt)}</dd>
              <dt className="text-muted-foreground">By</dt>
              <dd className="break-words">
                {entry.actor ? `${entry.actor.name} (${entry.actor.email})` : 'A deleted account'}{' '}
                <RoleBadge entry={entry} />
              </dd>
              <dt className="text-muted-foreground">Action</dt>
              <dd>{entry.action}</dd>
              <dt className="text-muted-foreground">Object</dt>
              <dd className="break-all">
                {auditEntityLabel(entry.entity)}
                {entry.entityId ? ` · ${entry.entityId}` : ''}
              </dd>
            </dl>
            {change && (
              <Table aria-label="Before and after">
                <THead>
                  <Tr>
                    <Th>Before</Th>
                    <Th>After</Th>
                  </Tr>
                </THead>
                <TBody>
                  <Tr>
                    <Td className="break-all">{show(change.before)}</Td>
                    <Td className="break-all">{show(change.after)}</Td>
                  </Tr>
                </TBody>
              </Table>
            )}
            {rest.length > 0 ? (
              <Table aria-label="Recorded details">
                <THead>
                  <Tr>
                    <Th>Detail</Th>
                    <Th>Value</Th>
                  </Tr>
                </THead>
                <TBody>
                  {rest.map(([k, v]) => (
                    <Tr key={k}>
                      <Td className="font-medium">{k}</Td>
                      <Td className="break-all">{show(v)}</Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
            ) : (
              !change && <p className="text-sm text-muted-foreground">No details were recorded.</p>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The audit log: every recorded change, by admins and by investors (their bank account, a swap they
 * accepted), each as a sentence with its object, who did it in which role, and when; filtered, paged,
 * exported.
 */
function AuditPage() {
  const [filters, setFilters] = useState<AuditParams>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const { data, isLoading, isError, error } = useAuditLog(filters, page, PAGE_SIZE);
  const exportCsv = useExportAudit();

  useFailedToast('Failed to load data', isError, error);

  const set = (k: keyof AuditParams) => (e: { target: { value: string } }) => {
    setFilters((f) => ({ ...f, [k]: e.target.value }));
    setPage(1);
  };
  const filtered = Object.values(filters).some(Boolean);
  const entries = data?.data ?? [];

  return (
    <>
      <PageHeader
        title="Audit Log"
        description="Every change, by admins and investors: who did what, to which object, and when"
        actions={
          <Button
            variant="outline"
            disabled={exportCsv.isPending}
            onClick={() => exportCsv.mutate(filters)}
          >
            <Download aria-hidden="true" />
            {exportCsv.isPending ? 'Preparing...' : 'Download CSV'}
          </Button>
        }
      />
      <Card>
        <CardContent className="grid grid-cols-1 gap-4 pt-5 sm:pt-6">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end">
            <Field label="By">
              <NativeSelect value={filters.actorId} onChange={set('actorId')}>
                <option value="">Everyone</option>
                {data?.admins.map((a) => (
                  <option key={a._id} value={a._id}>
                    {a.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label="Object">
              <NativeSelect value={filters.entity} onChange={set('entity')}>
                <option value="">All kinds</option>
                {AUDIT_ENTITIES.map((e) => (
                  <option key={e.id} value={e.id satisfies AuditEntity}>
                    {e.label}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label="From">
              <Input type="date" value={filters.from} max={filters.to || undefined} onChange={set('from')} />
            </Field>
            <Field label="To">
              <Input type="date" value={filters.to} min={filters.from || undefined} onChange={set('to')} />
            </Field>
            <Button
              variant="ghost"
              disabled={!filtered}
              onClick={() => {
                setFilters(NO_FILTERS);
                setPage(1);
              }}
            >
              Clear filters
            </Button>
          </div>
          {isLoading ? (
            <Skeleton className="h-40" />
          ) : entries.length === 0 ? (
            <EmptyState
              icon={ScrollText}
              title={filtered ? 'No entries match these filters' : 'No changes recorded yet'}
            />
          ) : (
            <Table aria-label="Audit log">
              <THead>
                <Tr>
                  <Th className="hidden md:table-cell">When</Th>
                  <Th className="hidden md:table-cell">By</Th>
                  <Th>Change</Th>
                  <Th className="hidden md:table-cell">Object</Th>
                  <Th className="text-right">
                    <span className="sr-only">Details</span>
                  </Th>
                </Tr>
              </THead>
              <TBody>
                {entries.map((e) => (
                  <Tr key={e._id}>
                    <Td className="hidden whitespace-nowrap text-muted-foreground tabular md:table-cell">
                      {when(e.createdAt)}
                    </Td>
                    <Td className="hidden md:table-cell">
                      <p>{actorName(e)}</p>
                      <RoleBadge entry={e} />
                    </Td>
                    <Td className="break-words">
                      <p>{auditSentence(e)}</p>
                      {/* On a phone, the hidden columns' facts under the sentence. */}
                      <p className="text-xs text-muted-foreground md:hidden">
                        {when(e.createdAt)} · {auditRoleLabel(e)} · {auditEntityLabel(e.entity)}
                      </p>
                    </Td>
                    <Td className="hidden md:table-cell">
                      <p>{auditEntityLabel(e.entity)}</p>
                      {e.entityId && (
                        <p className="max-w-48 truncate text-xs text-muted-foreground" title={e.entityId}>
                          {e.entityId}
                        </p>
                      )}
                    </Td>
                    <Td className="text-right">
                      <Button variant="outline" size="sm" onClick={() => setOpen(e)}>
                        Details<span className="sr-only"> of {auditSentence(e)}</span>
                      </Button>
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          )}
          {data && <Pager pagination={data.pagination} onPage={setPage} label="Audit log pages" />}
        </CardContent>
      </Card>
      <DetailsDialog entry={open} onClose={() => setOpen(null)} />
    </>
  );
}

export { AuditPage as Component };
