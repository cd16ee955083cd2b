import { useState } from 'react';
import { Download, Eye, File, FileImage, FileSpreadsheet, FileText, LoaderCircle } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import type { DocumentItem } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate, formatFileSize } from '@/lib/format';
import { toastError } from '@/lib/toast';
import { downloadDocument, previewDocument } from '@/queries/documents';

function TypeIcon({ doc }: { doc: DocumentItem }) {
  const mime = doc.mimeType ?? '';
  const Icon = mime.startsWith('image/')
    ? FileImage
    : /sheet|csv/.test(mime) || /^(XLSX|ODS|CSV)$/i.test(doc.type)
      ? FileSpreadsheet
      : mime === 'application/pdf' || mime.startsWith('text/') || /^(PDF|DOCX|ODT|TXT)$/i.test(doc.type)
        ? FileText
        : File;
  return <Icon className="size-5" aria-hidden="true" />;
}

/** One row of the vault: name, upload date, type badge, 'New', and Preview and Download that work. */
export function DocumentRow({ doc }: { doc: DocumentItem }) {
  const { t } = useTranslation('documents');
  const [busy, setBusy] = useState<'preview' | 'download' | null>(null);
  const size = formatFileSize(doc.fileSize);

  async function run(action: 'preview' | 'download') {
    setBusy(action);
    try {
      if (action === 'preview') await previewDocument(doc);
      else await downloadDocument(doc);
    } catch (err) {
      toastError(
        err instanceof Error
          ? err.message
          : action === 'preview'
            ? t('row.previewFailed')
            : t('row.downloadFailed'),
      );
    } finally {
      setBusy(null);
    }
  }

  const unavailable = !doc.hasFile;
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:gap-4 sm:px-5">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
          <TypeIcon doc={doc} />
        </div>
        <div className="min-w-0">
          <p className="font-medium leading-snug break-words">{doc.name}</p>
          <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1.5 text-sm text-muted-foreground">
            <span>
              <Trans
                t={t}
                i18nKey="row.uploaded"
                values={{ date: formatDate(doc.uploadDate) }}
                components={{ time: <time dateTime={doc.uploadDate} /> }}
              />
            </span>
            {size && (
              <>
                <span aria-hidden="true">·</span>
                <span>{size}</span>
              </>
            )}
            <Badge variant="outline" className="font-medium">
              <span className="sr-only">{t('row.type')}</span>
              {doc.type}
            </Badge>
            {doc.isNew && <Badge variant="highlight">{t('row.new')}</Badge>}
          </div>
        </div>
      </div>
      <div className="flex shrink-0 gap-2 pl-13 sm:pl-0">
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('row.previewOf', { name: doc.name })}
          title={unavailable ? t('row.noFile') : undefined}
          disabled={busy !== null || unavailable}
          aria-busy={busy === 'preview'}
          onClick={() => void run('preview')}
        >
          {busy === 'preview' ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Eye aria-hidden="true" />
          )}
          {t('row.preview')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={t('row.downloadOf', { name: doc.name })}
          title={unavailable ? t('row.noFile') : undefined}
          disabled={busy !== null || unavailable}
          aria-busy={busy === 'download'}
          onClick={() => void run('download')}
        >
          {busy === 'download' ? (
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
