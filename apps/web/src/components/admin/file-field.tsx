import { useTranslation } from 'react-i18next';
import { useId } from 'react';
import { Paperclip } from 'lucide-react';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { formatFileSize } from '@/lib/format';

/** A file input with its label, the chosen file, what is already attached, and the upload's progress. */
export function FileField({
  label,
  accept,
  file,
  onFile,
  current,
  progress,
  hint,
}: {
  label: string;
  accept?: string;
  file: File | null;
  onFile: (f: File | null) => void;
  /** The name of the file already stored, when editing. */
  current?: string | null;
  /** 0..100 while uploading, null otherwise. */
  progress: number | null;
  hint?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        className="block w-full cursor-pointer rounded-md border border-input bg-card text-sm text-muted-foreground file:mr-3 file:cursor-pointer file:border-0 file:bg-secondary file:px-3 file:py-2.5 file:text-sm file:font-medium file:text-secondary-foreground hover:file:bg-secondary/80 focus-visible:outline-2 focus-visible:outline-ring"
      />
      <p id={`${id}-hint`} className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Paperclip className="size-3.5" aria-hidden="true" />
        {file
          ? `${file.name} · ${formatFileSize(file.size)}`
          : current
            ? t('fileField.attached', { name: current })
            : (hint ?? t('fileField.none'))}
      </p>
      {progress !== null && (
        <div className="grid gap-1" role="status">
          <Progress value={progress} label={t('fileField.progress', { percent: progress })} />
          <p className="text-xs text-muted-foreground tabular">
            {t('fileField.uploading', { percent: progress })}
          </p>
        </div>
      )}
    </div>
  );
}
