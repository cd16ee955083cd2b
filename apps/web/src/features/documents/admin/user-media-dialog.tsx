import { MEDIA_FILE_ACCEPT, USER_MEDIA_TYPES, userMediaFields, type UserMediaItem } from '@portal/contracts';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { toFormData } from '@/lib/upload';
import { useUploadUserMedia } from '@/queries/documents';
import { FileField } from '@/components/admin/file-field';
import { toastDone } from '@/components/admin/feedback';
import { capitalize } from '@/components/admin/status-badge';

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
  const save = useUploadUserMedia();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      formKey={item?._id}
      className="max-w-xl"
      title={item ? 'Edit Media' : 'Upload Media'}
      description="A photo or video for this investor's Media Gallery."
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
          item ? 'Updated' : 'Created',
          `Media “${res.data.title}” was ${item ? 'updated' : 'uploaded'}.`,
        );
      }}
      failure="Failed to save media"
      submitLabel={item ? 'Save Changes' : 'Upload Media'}
    >
      {(f) => (
        <>
          <FileField
            label="File"
            accept={MEDIA_FILE_ACCEPT}
            file={f.watch('file')}
            onFile={(file) => f.setValue('file', file)}
            current={item?.fileName}
            progress={f.progress}
            hint="JPEG, PNG, WebP, GIF, MP4 or WebM"
          />
          <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
            <Field label="Title" error={f.error('title')}>
              <Input {...f.register('title')} />
            </Field>
            <Field label="Type" error={f.error('type')}>
              <NativeSelect {...f.register('type')}>
                {USER_MEDIA_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {capitalize(t)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
          <Field label="Description" error={f.error('description')}>
            <Textarea rows={2} {...f.register('description')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Date" error={f.error('date')}>
              <Input type="date" {...f.register('date')} />
            </Field>
            <Field label="Duration" hint="Videos, e.g. 2:45" error={f.error('duration')}>
              <Input {...f.register('duration')} />
            </Field>
          </div>
        </>
      )}
    </FormDialog>
  );
}
