import { useState, type FormEvent } from 'react';
import {
  MEDIA_FILE_ACCEPT,
  MEDIA_REQUIRED_MESSAGE,
  PROJECT_MEDIA_STATUSES,
  PROJECT_MEDIA_TYPES,
  type MediaItem,
  projectMediaFields,
  projectMediaUpdateFields,
} from '@portal/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { useFieldErrors } from '@/components/ui/field-errors';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { messageOf } from '@/lib/toast';
import { toFormData } from '@/lib/upload';
import { useUploadProjectMedia } from '@/queries/media';
import { FileField } from '../components/file-field';
import { toastDone, toastFailed } from '../components/feedback';
import { capitalize } from '../components/status-badge';

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
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-2xl">
        {open && <MediaForm key={item?._id ?? 'new'} item={item} projectId={projectId} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function MediaForm({
  item,
  projectId,
  onClose,
}: {
  item: MediaItem | null;
  projectId: string;
  onClose: () => void;
}) {
  const [form, setForm] = useState<Form>(() => fromItem(item));
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fe = useFieldErrors();
  const save = useUploadProjectMedia();
  const set = (k: keyof Form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!form.title.trim() || !form.type || !form.description.trim()) {
      setError(MEDIA_REQUIRED_MESSAGE);
      return;
    }
    setError(null);
    const fields = {
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
    };
    if (
      !fe.check(item ? projectMediaUpdateFields : projectMediaFields, fields, (m) =>
        toastFailed('Failed to save media', new Error(m)),
      )
    )
      return;
    try {
      await save.mutateAsync({
        id: item?._id,
        form: toFormData(fields, file),
        onProgress: file ? setProgress : () => {},
      });
      toastDone(item ? 'Updated' : 'Created', `Media “${fields.title}” was ${item ? 'updated' : 'added'}.`);
      onClose();
    } catch (err) {
      if (!fe.fromError(err)) setError(messageOf(err, 'Failed to save media'));
      toastFailed('Failed to save media', err);
    } finally {
      setProgress(null);
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{item ? 'Edit Media' : 'Add Media'}</DialogTitle>
        <DialogDescription>
          Photos and videos of the project for every investor's Media Gallery.
        </DialogDescription>
      </DialogHeader>
      <form ref={fe.formRef} onSubmit={onSubmit} className="grid gap-4" noValidate>
        {error && (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
          >
            {error}
          </p>
        )}
        <Field label="Title" error={fe.of('title')}>
          <Input value={form.title} onChange={set('title')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Type" error={fe.of('type')}>
            <NativeSelect value={form.type} onChange={set('type')}>
              <option value="">Select a type</option>
              {PROJECT_MEDIA_TYPES.map((t) => (
                <option key={t} value={t}>
                  {capitalize(t)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Status" error={fe.of('status')}>
            <NativeSelect value={form.status} onChange={set('status')}>
              {PROJECT_MEDIA_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {capitalize(s)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Priority" hint="Higher shows first." error={fe.of('priority')}>
            <Input type="number" step={1} value={form.priority} onChange={set('priority')} />
          </Field>
        </div>
        <Field label="Description" error={fe.of('description')}>
          <Textarea rows={3} value={form.description} onChange={set('description')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Date" error={fe.of('date')}>
            <Input type="date" value={form.date} onChange={set('date')} />
          </Field>
          <Field label="Duration" hint="Videos, e.g. 2:45" error={fe.of('duration')}>
            <Input value={form.duration} onChange={set('duration')} placeholder="2:45" />
          </Field>
        </div>
        <FileField
          label="File"
          accept={MEDIA_FILE_ACCEPT}
          file={file}
          onFile={setFile}
          current={item?.fileName}
          progress={progress}
          hint="A photo or a video; or give the addresses below."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Thumbnail URL"
            hint="A path on this site, e.g. /demo/photos/lake.jpg"
            error={fe.of('thumbnail')}
          >
            <Input value={form.thumbnail} onChange={set('thumbnail')} />
          </Field>
          <Field label="Media URL" hint="A path on this site" error={fe.of('url')}>
            <Input value={form.url} onChange={set('url')} />
          </Field>
        </div>
        <DialogFooter className="mt-2">
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : item ? 'Save Changes' : 'Add Media'}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
