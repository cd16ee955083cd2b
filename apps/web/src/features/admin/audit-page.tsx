import { useState } from 'react';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { Download, ScrollText } from 'lucide-react';
import {
  AUDIT_ENTITIES,
  auditEntityLabel,
  auditRoleLabel,
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
import { useAuditSentence } from './audit-sentence';

const PAGE_SIZE = 25;
const NO_FILTERS: AuditParams = { actorId: '', entity: '', from: '', to: '' };

/** The actor's name, or the words for an account since deleted. */
const actorName = (t: TFunction<'admin'>, e: AuditEntry) => e.actor?.name ?? t('audit.deletedAccount');

/** The actor's role beside their name: Admin or Investor. */
function RoleBadge({ entry }: { entry: AuditEntry }) {
  return (
    <Badge variant={entry.actor?.role === 'admin' ? 'secondary' : 'outline'} className="font-normal">
      {auditRoleLabel(entry)}
    </Badge>
  );
}

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
  const { t } = useTranslation('admin');
  const auditSentence = useAuditSentence();
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
              <DialogTitle>{t('auditEntry.title')}</DialogTitle>
              <DialogDescription>{auditSentence(entry)}</DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">{t('auditEntry.when')}</dt>
              <dd>{formatDate(entry.createdAt, 'moment')}</dd>
              <dt className="text-muted-foreground">{t('auditEntry.by')}</dt>
              <dd className="break-words">
                {entry.actor ? `${entry.actor.name} (${entry.actor.email})` : t('audit.deletedAccount')}{' '}
                <RoleBadge entry={entry} />
              </dd>
              <dt className="text-muted-foreground">{t('auditEntry.action')}</dt>
              <dd>{entry.action}</dd>
              <dt className="text-muted-foreground">{t('auditEntry.object')}</dt>
              <dd className="break-all">
                {auditEntityLabel(entry.entity)}
                {entry.entityId ? ` · ${entry.entityId}` : ''}
              </dd>
            </dl>
            {change && (
              <Table aria-label={t('auditEntry.beforeAndAfter')}>
                <THead>
                  <Tr>
                    <Th>{t('auditEntry.before')}</Th>
                    <Th>{t('auditEntry.after')}</Th>
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
              <Table aria-label={t('auditEntry.recorded')}>
                <THead>
                  <Tr>
                    <Th>{t('auditEntry.detail')}</Th>
                    <Th>{t('auditEntry.value')}</Th>
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
              !change && <p className="text-sm text-muted-foreground">{t('auditEntry.noDetails')}</p>
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
  const { t } = useTranslation('admin');
  const auditSentence = useAuditSentence();
  const [filters, setFilters] = useState<AuditParams>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const { data, isLoading, isError, error } = useAuditLog(filters, page, PAGE_SIZE);
  const exportCsv = useExportAudit();

  useFailedToast(t('audit.failedLoad'), isError, error);

  const set = (k: keyof AuditParams) => (e: { target: { value: string } }) => {
    setFilters((f) => ({ ...f, [k]: e.target.value }));
    setPage(1);
  };
  const filtered = Object.values(filters).some(Boolean);
  const entries = data?.data ?? [];

  return (
    <>
      <PageHeader
        title={t('audit.title')}
        description={t('audit.description')}
        actions={
          <Button variant="outline" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate(filters)}>
            <Download aria-hidden="true" />
            {exportCsv.isPending ? t('audit.preparing') : t('audit.download')}
          </Button>
        }
      />
      <Card>
        <CardContent className="grid grid-cols-1 gap-4 pt-5 sm:pt-6">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end">
            <Field label={t('audit.by')}>
              <NativeSelect value={filters.actorId} onChange={set('actorId')}>
                <option value="">{t('audit.everyone')}</option>
                {data?.admins.map((a) => (
                  <option key={a._id} value={a._id}>
                    {a.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label={t('audit.object')}>
              <NativeSelect value={filters.entity} onChange={set('entity')}>
                <option value="">{t('audit.allKinds')}</option>
                {AUDIT_ENTITIES.map((e) => (
                  <option key={e.id} value={e.id satisfies AuditEntity}>
                    {e.label}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label={t('audit.from')}>
              <Input type="date" value={filters.from} max={filters.to || undefined} onChange={set('from')} />
            </Field>
            <Field label={t('audit.to')}>
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
              {t('audit.clear')}
            </Button>
          </div>
          {isLoading ? (
            <Skeleton className="h-40" />
          ) : entries.length === 0 ? (
            <EmptyState icon={ScrollText} title={filtered ? t('audit.noMatch') : t('audit.empty')} />
          ) : (
            <Table aria-label={t('audit.table')}>
              <THead>
                <Tr>
                  <Th className="hidden md:table-cell">{t('audit.when')}</Th>
                  <Th className="hidden md:table-cell">{t('audit.by')}</Th>
                  <Th>{t('audit.change')}</Th>
                  <Th className="hidden md:table-cell">{t('audit.object')}</Th>
                  <Th className="text-right">
                    <span className="sr-only">{t('audit.details')}</span>
                  </Th>
                </Tr>
              </THead>
              <TBody>
                {entries.map((e) => (
                  <Tr key={e._id}>
                    <Td className="hidden whitespace-nowrap text-muted-foreground tabular md:table-cell">
                      {formatDate(e.createdAt, 'moment')}
                    </Td>
                    <Td className="hidden md:table-cell">
                      <p>{actorName(t, e)}</p>
                      <RoleBadge entry={e} />
                    </Td>
                    <Td className="break-words">
                      <p>{auditSentence(e)}</p>
                      {/* On a phone, the hidden columns' facts under the sentence. */}
                      <p className="text-xs text-muted-foreground md:hidden">
                        {formatDate(e.createdAt, 'moment')} · {auditRoleLabel(e)} ·{' '}
                        {auditEntityLabel(e.entity)}
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
                        <Trans
                          t={t}
                          i18nKey="audit.detailsOf"
                          values={{ sentence: auditSentence(e) }}
                          components={{ sr: <span className="sr-only" /> }}
                        />
                      </Button>
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          )}
          {data && <Pager pagination={data.pagination} onPage={setPage} label={t('audit.pages')} />}
        </CardContent>
      </Card>
      <DetailsDialog entry={open} onClose={() => setOpen(null)} />
    </>
  );
}

export { AuditPage as Component };
