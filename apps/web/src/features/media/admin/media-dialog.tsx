import {
  MEDIA_FILE_ACCEPT,
  MEDIA_REQUIRED_MESSAGE,
  PROJECT_MEDIA_STATUSES,
  PROJECT_MEDIA_TYPES,
  type MediaItem,
  projectMediaFields,
  projectMediaUpdateFields,
} from '@portal/contracts';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { toFormData } from '@/lib/upload';
import { useUploadProjectMedia } from '@/queries/media';
import { FileField } from '@/components/admin/file-field';
import { toastDone } from '@/components/admin/feedback';
import { capitalize } from '@/components/admin/status-badge';

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
  const save = useUploadProjectMedia();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      formKey={item?._id}
      className="max-w-2xl"
      title={item ? 'Edit Media' : 'Add Media'}
      description="Photos and videos of the project for every investor's Media Gallery."
      defaultValues={() => fromItem(item)}
      schema={item ? projectMediaUpdateFields : projectMediaFields}
      precheck={(form) =>
        !form.title.trim() || !form.type || !form.description.trim() ? MEDIA_REQUIRED_MESSAGE : null
      }
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
        toastDone(item ? 'Updated' : 'Created', `Media “${fields.title}” was ${item ? 'updated' : 'added'}.`);
      }}
      failure="Failed to save media"
      submitLabel={item ? 'Save Changes' : 'Add Media'}
    >
      {(f) => (
        <>
          <Field label="Title" error={f.error('title')}>
            <Input {...f.register('title')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Type" error={f.error('type')}>
              <NativeSelect {...f.register('type')}>
                <option value="">Select a type</option>
                {PROJECT_MEDIA_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {capitalize(t)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label="Status" error={f.error('status')}>
              <NativeSelect {...f.register('status')}>
                {PROJECT_MEDIA_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {capitalize(s)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label="Priority" hint="Higher shows first." error={f.error('priority')}>
              <Input type="number" step={1} {...f.register('priority')} />
            </Field>
          </div>
          <Field label="Description" error={f.error('description')}>
            <Textarea rows={3} {...f.register('description')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Date" error={f.error('date')}>
              <Input type="date" {...f.register('date')} />
            </Field>
            <Field label="Duration" hint="Videos, e.g. 2:45" error={f.error('duration')}>
              <Input {...f.register('duration')} placeholder="2:45" />
            </Field>
          </div>
          <FileField
            label="File"
            accept={MEDIA_FILE_ACCEPT}
            file={f.watch('file')}
            onFile={(file) => f.setValue('file', file)}
            current={item?.fileName}
            progress={f.progress}
            hint="A photo or a video; or give the addresses below."
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Thumbnail URL"
              hint="A path on this site, e.g. /demo/photos/lake.jpg"
              error={f.error('thumbnail')}
            >
              <Input {...f.register('thumbnail')} />
            </Field>
            <Field label="Media URL" hint="A path on this site" error={f.error('url')}>
              <Input {...f.register('url')} />
            </Field>
          </div>
        </>
      )}
    </FormDialog>
  );
}
