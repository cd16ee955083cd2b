import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  STAY_REPORT_PHOTO_MAX_BYTES,
  STAY_REPORT_PHOTO_TYPES,
  STAY_REPORT_TEXT_MAX,
  stayReportFields,
  type StayReport,
  type StayReportStatus,
} from '@portal/contracts';
import { FileField } from '@/components/admin/file-field';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Textarea } from '@/components/ui/input';
import { formatDate } from '@/lib/format';
import { toast, toastFailed } from '@/lib/toast';
import { openStayReportPhoto, useReportProblem, useStayReports } from '@/queries/stay-reports';

/** Each status's words and colour, for the investor's list and the admins' inbox alike. */
export const STAY_REPORT_STATUS = {
  new: { label: 'problemReports.status.new', variant: 'warning' },
  in_progress: { label: 'problemReports.status.in_progress', variant: 'highlight' },
  done: { label: 'problemReports.status.done', variant: 'success' },
} as const satisfies Record<StayReportStatus, { label: string; variant: BadgeProps['variant'] }>;

export function StayReportStatusBadge({ status }: { status: StayReportStatus }) {
  const { t } = useTranslation('stays');
  const s = STAY_REPORT_STATUS[status];
  return <Badge variant={s.variant}>{t(s.label)}</Badge>;
}

/** The button that opens a report's photo, named with the photo's name. */
export function StayReportPhotoButton({ report }: { report: Pick<StayReport, 'photo' | 'photoUrl'> }) {
  const { t } = useTranslation('stays');
  if (!report.photo || !report.photoUrl) return null;
  const open = () =>
    openStayReportPhoto(report).catch((err: unknown) => toastFailed(t('problemReports.photoFailed'), err));
  return (
    <Button
      variant="link"
      size="sm"
      className="h-auto px-0"
      onClick={() => void open()}
      aria-label={t('problemReports.viewPhotoLabel', { name: report.photo.name })}
    >
      {t('problemReports.viewPhoto')}
    </Button>
  );
}

interface ReportForm {
  text: string;
  photo: File | null;
}
const EMPTY: ReportForm = { text: '', photo: null };
const PHOTO_ACCEPT = [...STAY_REPORT_PHOTO_TYPES, '.jpg', '.jpeg', '.png', '.webp'].join(',');

/** The form of a problem report: what is wrong, and a photo if the investor has one. */
function ReportProblemDialog({
  bookingId,
  stay,
  open,
  onClose,
}: {
  bookingId: string;
  /** The stay, as the list names it ('Personal stay, Dec 14 → Dec 17, 2026 · 3 nights'). */
  stay: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('stays');
  const failure = { fallback: t('problemReports.failed') };
  const report = useReportProblem({ failure });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      className="max-w-lg"
      title={t('problemReports.dialogTitle')}
      description={t('problemReports.dialogDescription', { stay })}
      defaultValues={EMPTY}
      schema={stayReportFields}
      toBody={(f) => ({ text: f.text })}
      precheck={({ photo }) =>
        !photo
          ? null
          : !(STAY_REPORT_PHOTO_TYPES as readonly string[]).includes(photo.type)
            ? t('problemReports.photoType')
            : photo.size > STAY_REPORT_PHOTO_MAX_BYTES
              ? t('problemReports.photoTooLarge')
              : null
      }
      onSubmit={async (body, { photo }, onProgress) => {
        await report.mutateAsync({ bookingId, text: body.text, photo, onProgress });
        toast({ title: t('problemReports.sent'), description: t('problemReports.sentText') });
      }}
      failure={failure}
      submitLabel={t('problemReports.send')}
      pendingLabel={t('problemReports.sending')}
    >
      {(f) => (
        <>
          <Field label={t('problemReports.text')} hint={t('problemReports.textHint')} error={f.error('text')}>
            <Textarea rows={5} maxLength={STAY_REPORT_TEXT_MAX} {...f.register('text')} />
          </Field>
          <FileField
            label={t('problemReports.photo')}
            accept={PHOTO_ACCEPT}
            file={f.watch('photo')}
            onFile={(file) => f.setValue('photo', file)}
            progress={f.progress}
            hint={t('problemReports.photoHint')}
          />
        </>
      )}
    </FormDialog>
  );
}

/**
 * The problem reports of one of the investor's approved stays, newest first with their status, and the
 * action that reports another. `stay` names the stay in the action's and the list's names.
 */
export function StayReports({ bookingId, stay }: { bookingId: string; stay: string }) {
  const { t } = useTranslation('stays');
  const reports = useStayReports(bookingId).data ?? [];
  // The form starts empty each time it opens (FormDialog mounts it anew).
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-3 grid gap-2">
      {reports.length > 0 && (
        <ul className="grid gap-2" aria-label={t('problemReports.listLabel', { what: stay })}>
          {reports.map((r) => (
            <li key={r._id} className="rounded-md border bg-muted/40 p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <StayReportStatusBadge status={r.status} />
                <span className="text-xs text-muted-foreground">
                  {t('problemReports.reported', { date: formatDate(r.createdAt) })}
                </span>
              </div>
              <p className="mt-1 whitespace-pre-line break-words">{r.text}</p>
              <StayReportPhotoButton report={r} />
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => setOpen(true)}
          aria-label={t('problemReports.reportLabel', { what: stay })}
        >
          {t('problemReports.report')}
        </Button>
      </div>
      <ReportProblemDialog bookingId={bookingId} stay={stay} open={open} onClose={() => setOpen(false)} />
    </div>
  );
}
