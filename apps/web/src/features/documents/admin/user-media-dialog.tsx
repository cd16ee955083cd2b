import { MEDIA_FILE_ACCEPT, USER_MEDIA_TYPES, userMediaFields, type UserMediaItem } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { toFormData } from '@/lib/upload';
import { useUploadUserMedia } from '@/queries/documents';
import { FileField } from '@/components/admin/file-field';
import { toastDone } from '@/components/admin/feedback';
import { userMediaTypeLabel } from '../documents-view';

interface Form {
  title: string;
  type: string;
  description: string;
  date: string;
  duration: string;
  file: File | null;
}

const fromItem = (m: UserMediaItem | null): Form => ({
  title: m?.title ?? '',
  type: m?.type ?? 'photo',
  description: m?.description ?? '',
  date: m?.date.slice(0, 10) ?? new Date().toISOString().slice(0, 10),
  duration: m?.duration ?? '',
  file: null,
});

/** Upload or edit a photo or video made for one investor. */
export function UserMediaDialog({
  open,
  item,
  projectId,
  userId,
  onClose,
}: {
  open: boolean;
  item: UserMediaItem | null;
  projectId: string;
  userId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('documents');
  const failure = t('admin.mediaDialog.failed');
  const save = useUploadUserMedia({ failure });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      formKey={item?._id}
      className="max-w-xl"
      title={item ? t('admin.mediaDialog.editTitle') : t('admin.uploadMedia')}
      description={t('admin.mediaDialog.description')}
      defaultValues={() => fromItem(item)}
      schema={userMediaFields}
      // The values as typed are checked; the trimmed ones are sent.
      toBody={({ file: _, ...form }) => form}
      onSubmit={async (form, { file }, onProgress) => {
        const res = await save.mutateAsync({
          id: item?._id,
          query: { projectId, userId },
          form: toFormData(
            {
              title: form.title.trim(),
              type: form.type,
              description: form.description,
              date: form.date,
              duration: form.duration.trim(),
            },
            file,
          ),
          onProgress: file ? onProgress : () => {},
        });
        toastDone(
          item ? t('dialog.updated') : t('dialog.created'),
          item
            ? t('admin.mediaDialog.updatedText', { title: res.data.title })
            : t('admin.mediaDialog.uploadedText', { title: res.data.title }),
        );
      }}
      failure={failure}
      submitLabel={item ? t('dialog.save') : t('admin.uploadMedia')}
    >
      {(f) => (
        <>
          <FileField
            label={t('dialog.file')}
            accept={MEDIA_FILE_ACCEPT}
            file={f.watch('file')}
            onFile={(file) => f.setValue('file', file)}
            current={item?.fileName}
            progress={f.progress}
            hint={t('admin.mediaDialog.fileHint')}
          />
          <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
            <Field label={t('admin.mediaDialog.title')} error={f.error('title')}>
              <Input {...f.register('title')} />
            </Field>
            <Field label={t('dialog.type')} error={f.error('type')}>
              <NativeSelect {...f.register('type')}>
                {USER_MEDIA_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {userMediaTypeLabel(type)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
          <Field label={t('dialog.description')} error={f.error('description')}>
            <Textarea rows={2} {...f.register('description')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('admin.mediaDialog.date')} error={f.error('date')}>
              <Input type="date" {...f.register('date')} />
            </Field>
            <Field
              label={t('admin.mediaDialog.duration')}
              hint={t('admin.mediaDialog.durationHint')}
              error={f.error('duration')}
            >
              <Input {...f.register('duration')} />
            </Field>
          </div>
        </>
      )}
    </FormDialog>
  );
}
