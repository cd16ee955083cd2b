import {
  MEDIA_FILE_ACCEPT,
  PROJECT_MEDIA_STATUSES,
  PROJECT_MEDIA_TYPES,
  type MediaItem,
  projectMediaFields,
  projectMediaUpdateFields,
} from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { toFormData } from '@/lib/upload';
import { useUploadProjectMedia } from '@/queries/media';
import { FileField } from '@/components/admin/file-field';
import { toastDone } from '@/components/admin/feedback';
import { MEDIA_TYPE_LABELS } from '../media-view';

interface Form {
  title: string;
  type: string;
  description: string;
  status: string;
  priority: string;
  duration: string;
  date: string;
  thumbnail: string;
  url: string;
  file: File | null;
}

const day = (iso?: string) => (iso ? iso.slice(0, 10) : new Date().toISOString().slice(0, 10));

/** Uploaded files have signed addresses: only a typed site path is sent back as a link. */
const typedPath = (v: string | null | undefined) => (v && !v.startsWith('/api/media/files/') ? v : '');

const fromItem = (m: MediaItem | null): Form => ({
  title: m?.title ?? '',
  type: m?.type ?? '',
  description: m?.description ?? '',
  status: m?.status ?? 'active',
  priority: String(m?.priority ?? 0),
  duration: m?.duration ?? '',
  date: day(m?.date),
  thumbnail: typedPath(m?.thumbnail),
  url: typedPath(m?.url),
  file: null,
});

/** Create or edit a project media item, with an optional upload ('Title, Type, and Description are required'). */
export function MediaDialog({
  open,
  item,
  projectId,
  onClose,
}: {
  open: boolean;
  item: MediaItem | null;
  projectId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['media', 'common']);
  const failure = t('admin.dialog.failed');
  const save = useUploadProjectMedia({ failure });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      formKey={item?._id}
      className="max-w-2xl"
      title={item ? t('admin.dialog.editTitle') : t('admin.add')}
      description={t('admin.dialog.intro')}
      defaultValues={() => fromItem(item)}
      schema={item ? projectMediaUpdateFields : projectMediaFields}
      precheck={(form) => {
        const missing = (['title', 'type', 'description'] as const).find((k) => !form[k].trim());
        return missing ? { field: missing, message: t('admin.dialog.required') } : null;
      }}
      toBody={(form) => ({
        ...(item ? {} : { projectId }),
        title: form.title.trim(),
        type: form.type,
        description: form.description.trim(),
        status: form.status,
        priority: form.priority || '0',
        duration: form.duration.trim(),
        date: form.date,
        // An uploaded file sets the addresses itself; typed paths are kept otherwise.
        ...(form.thumbnail.trim() || !item ? { thumbnail: form.thumbnail.trim() } : {}),
        ...(form.url.trim() || !item ? { url: form.url.trim() } : {}),
      })}
      onSubmit={async (fields, { file }, onProgress) => {
        await save.mutateAsync({
          id: item?._id,
          form: toFormData(fields, file),
          onProgress: file ? onProgress : () => {},
        });
        toastDone(
          item ? t('admin.dialog.updated') : t('admin.dialog.created'),
          item
            ? t('admin.dialog.updatedText', { title: fields.title })
            : t('admin.dialog.addedText', { title: fields.title }),
        );
      }}
      failure={failure}
      submitLabel={item ? t('admin.dialog.save') : t('admin.add')}
    >
      {(f) => (
        <>
          <Field label={t('admin.dialog.title')} error={f.error('title')}>
            <Input {...f.register('title')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label={t('dialog.type')} error={f.error('type')}>
              <NativeSelect {...f.register('type')}>
                <option value="">{t('admin.dialog.selectType')}</option>
                {PROJECT_MEDIA_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(MEDIA_TYPE_LABELS[type])}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label={t('admin.dialog.status')} error={f.error('status')}>
              <NativeSelect {...f.register('status')}>
                {PROJECT_MEDIA_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`common:status.${s}`)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field
              label={t('admin.dialog.priority')}
              hint={t('admin.dialog.priorityHint')}
              error={f.error('priority')}
            >
              <Input type="number" step={1} {...f.register('priority')} />
            </Field>
          </div>
          <Field label={t('admin.dialog.description')} error={f.error('description')}>
            <Textarea rows={3} {...f.register('description')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('admin.dialog.date')} error={f.error('date')}>
              <Input type="date" {...f.register('date')} />
            </Field>
            <Field
              label={t('admin.dialog.duration')}
              hint={t('admin.dialog.durationHint')}
              error={f.error('duration')}
            >
              <Input {...f.register('duration')} placeholder="2:45" />
            </Field>
          </div>
          <FileField
            label={t('admin.dialog.file')}
            accept={MEDIA_FILE_ACCEPT}
            file={f.watch('file')}
            onFile={(file) => f.setValue('file', file)}
            current={item?.fileName}
            progress={f.progress}
            hint={t('admin.dialog.fileHint')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t('admin.dialog.thumbnail')}
              hint={t('admin.dialog.thumbnailHint')}
              error={f.error('thumbnail')}
            >
              <Input {...f.register('thumbnail')} />
            </Field>
            <Field label={t('admin.dialog.url')} hint={t('admin.dialog.urlHint')} error={f.error('url')}>
              <Input {...f.register('url')} />
            </Field>
          </div>
        </>
      )}
    </FormDialog>
  );
}
