import { useState, type FormEvent } from 'react';
import { MEDIA_FILE_ACCEPT, USER_MEDIA_TYPES, userMediaFields, type UserMediaItem } from '@portal/contracts';
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
import { useUploadUserMedia } from '@/queries/documents';
import { FileField } from '../components/file-field';
import { FormError } from '../components/form-error';
import { toastDone, toastFailed } from '../components/feedback';
import { capitalize } from '../components/status-badge';

interface Form {
  title: string;
  type: string;
  description: string;
  date: string;
  duration: string;
}

const fromItem = (m: UserMediaItem | null): Form => ({
  title: m?.title ?? '',
  type: m?.type ?? 'photo',
  description: m?.description ?? '',
  date: m?.date.slice(0, 10) ?? new Date().toISOString().slice(0, 10),
  duration: m?.duration ?? '',
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
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-xl">
        {open && (
          <UserMediaForm
            key={item?._id ?? 'new'}
            item={item}
            projectId={projectId}
            userId={userId}
            onClose={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function UserMediaForm({
  item,
  projectId,
  userId,
  onClose,
}: {
  item: UserMediaItem | null;
  projectId: string;
  userId: string;
  onClose: () => void;
}) {
  const [form, setForm] = useState<Form>(() => fromItem(item));
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fe = useFieldErrors();
  const save = useUploadUserMedia();
  const set = (k: keyof Form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!fe.check(userMediaFields, form, (m) => toastFailed('Failed to save media', new Error(m)))) return;
    try {
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
        onProgress: file ? setProgress : () => {},
      });
      toastDone(
        item ? 'Updated' : 'Created',
        `Media “${res.data.title}” was ${item ? 'updated' : 'uploaded'}.`,
      );
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
        <DialogTitle>{item ? 'Edit Media' : 'Upload Media'}</DialogTitle>
        <DialogDescription>A photo or video for this investor's Media Gallery.</DialogDescription>
      </DialogHeader>
      <form ref={fe.formRef} onSubmit={onSubmit} className="grid gap-4" noValidate>
        <FormError message={error} />
        <FileField
          label="File"
          accept={MEDIA_FILE_ACCEPT}
          file={file}
          onFile={setFile}
          current={item?.fileName}
          progress={progress}
          hint="JPEG, PNG, WebP, GIF, MP4 or WebM"
        />
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <Field label="Title" error={fe.of('title')}>
            <Input value={form.title} onChange={set('title')} />
          </Field>
          <Field label="Type" error={fe.of('type')}>
            <NativeSelect value={form.type} onChange={set('type')}>
              {USER_MEDIA_TYPES.map((t) => (
                <option key={t} value={t}>
                  {capitalize(t)}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <Field label="Description" error={fe.of('description')}>
          <Textarea rows={2} value={form.description} onChange={set('description')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Date" error={fe.of('date')}>
            <Input type="date" value={form.date} onChange={set('date')} />
          </Field>
          <Field label="Duration" hint="Videos, e.g. 2:45" error={fe.of('duration')}>
            <Input value={form.duration} onChange={set('duration')} />
          </Field>
        </div>
        <DialogFooter className="mt-2">
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : item ? 'Save Changes' : 'Upload Media'}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
