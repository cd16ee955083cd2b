import { useState, type FormEvent } from 'react';
import { UPDATE_CATEGORIES, createUpdateInput, updateUpdateInput, type Update } from '@portal/contracts';
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
import { useSaveUpdate } from '../api/content';
import { toastDone, toastFailed } from '../components/feedback';
import { parseImageUrls } from '../components/image-urls';
import { capitalize } from '../components/status-badge';

interface Form {
  title: string;
  category: string;
  date: string;
  excerpt: string;
  content: string;
  images: string;
}

const localDay = (iso: string | undefined) => {
  const d = iso ? new Date(iso) : new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const fromUpdate = (u: Update | null): Form => ({
  title: u?.title ?? '',
  category: u?.category ?? 'general',
  date: localDay(u?.date),
  excerpt: u?.excerpt ?? '',
  content: u?.content ?? '',
  images: (u?.images ?? []).join(', '),
});

/** Create or edit a project update: HTML content, comma-separated image URLs. */
export function UpdateDialog({
  open,
  update,
  projectId,
  onClose,
}: {
  open: boolean;
  update: Update | null;
  projectId: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-2xl">
        {open && (
          <UpdateForm key={update?._id ?? 'new'} update={update} projectId={projectId} onClose={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function UpdateForm({
  update,
  projectId,
  onClose,
}: {
  update: Update | null;
  projectId: string;
  onClose: () => void;
}) {
  const [form, setForm] = useState<Form>(() => fromUpdate(update));
  const [error, setError] = useState<string | null>(null);
  const fe = useFieldErrors();
  const save = useSaveUpdate();
  const set = (k: keyof Form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const fields = {
      title: form.title.trim(),
      category: form.category as Update['category'],
      excerpt: form.excerpt,
      content: form.content,
      images: parseImageUrls(form.images),
      // The day chosen, at noon local time, so that no time zone moves it to another day.
      ...(form.date ? { date: new Date(`${form.date}T12:00:00`).toISOString() } : {}),
    };
    if (
      !fe.check(update ? updateUpdateInput : createUpdateInput, { ...fields, projectId }, (m) =>
        toastFailed('Failed to save update', new Error(m)),
      )
    )
      return;
    try {
      await save.mutateAsync(
        update ? { id: update._id, input: fields } : { input: { ...fields, projectId } },
      );
      toastDone(
        update ? 'Updated' : 'Created',
        `Update “${fields.title}” was ${update ? 'updated' : 'published'}.`,
      );
      onClose();
    } catch (err) {
      if (!fe.fromError(err)) setError(messageOf(err, 'Failed to save update'));
      toastFailed('Failed to save update', err);
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{update ? 'Edit Update' : 'Add Update'}</DialogTitle>
        <DialogDescription>
          Investors of the project see it under Project Updates, flagged as new.
        </DialogDescription>
      </DialogHeader>
      <form ref={fe.formRef} onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
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
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Category" error={fe.of('category')}>
            <NativeSelect value={form.category} onChange={set('category')}>
              {UPDATE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {capitalize(c)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Date" error={fe.of('date')}>
            <Input type="date" value={form.date} onChange={set('date')} />
          </Field>
        </div>
        <Field label="Excerpt" hint="Two lines on the cards." error={fe.of('excerpt')}>
          <Textarea rows={2} value={form.excerpt} onChange={set('excerpt')} />
        </Field>
        <Field
          label="Content"
          hint="HTML is allowed: <p>, <ul>, <strong>, links… Scripts are removed."
          error={fe.of('content')}
        >
          <Textarea rows={7} className="font-mono text-xs" value={form.content} onChange={set('content')} />
        </Field>
        <Field
          label="Image URLs"
          hint="Comma-separated, e.g. /demo/photos/lake.jpg, https://…"
          error={fe.of('images')}
        >
          <Input value={form.images} onChange={set('images')} />
        </Field>
        <DialogFooter className="mt-2">
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : update ? 'Save Changes' : 'Publish Update'}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
