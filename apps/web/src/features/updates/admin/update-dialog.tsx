import { UPDATE_CATEGORIES, createUpdateInput, updateUpdateInput, type Update } from '@portal/contracts';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { useSaveUpdate } from '@/queries/updates';
import { toastDone } from '@/components/admin/feedback';
import { parseImageUrls } from './image-urls';
import { capitalize } from '@/components/admin/status-badge';

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

const toBody = (form: Form) => ({
  title: form.title.trim(),
  category: form.category as Update['category'],
  excerpt: form.excerpt,
  content: form.content,
  images: parseImageUrls(form.images),
  // The day chosen, at noon local time, so that no time zone moves it to another day.
  ...(form.date ? { date: new Date(`${form.date}T12:00:00`).toISOString() } : {}),
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
  const save = useSaveUpdate();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      formKey={update?._id}
      className="max-w-2xl"
      title={update ? 'Edit Update' : 'Add Update'}
      description="Investors of the project see it under Project Updates, flagged as new."
      defaultValues={() => fromUpdate(update)}
      schema={update ? updateUpdateInput : createUpdateInput}
      toBody={(f) => (update ? toBody(f) : { ...toBody(f), projectId })}
      onSubmit={async (fields) => {
        await save.mutateAsync(
          update ? { id: update._id, input: fields } : { input: { ...fields, projectId } },
        );
        toastDone(
          update ? 'Updated' : 'Created',
          `Update “${fields.title}” was ${update ? 'updated' : 'published'}.`,
        );
      }}
      failure="Failed to save update"
      submitLabel={update ? 'Save Changes' : 'Publish Update'}
    >
      {(f) => (
        <>
          <Field label="Title" error={f.error('title')}>
            <Input {...f.register('title')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Category" error={f.error('category')}>
              <NativeSelect {...f.register('category')}>
                {UPDATE_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {capitalize(c)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label="Date" error={f.error('date')}>
              <Input type="date" {...f.register('date')} />
            </Field>
          </div>
          <Field label="Excerpt" hint="Two lines on the cards." error={f.error('excerpt')}>
            <Textarea rows={2} {...f.register('excerpt')} />
          </Field>
          <Field
            label="Content"
            hint="HTML is allowed: <p>, <ul>, <strong>, links… Scripts are removed."
            error={f.error('content')}
          >
            <Textarea rows={7} className="font-mono text-xs" {...f.register('content')} />
          </Field>
          <Field
            label="Image URLs"
            hint="Comma-separated, e.g. /demo/photos/lake.jpg, https://…"
            error={f.error('images')}
          >
            <Input {...f.register('images')} />
          </Field>
        </>
      )}
    </FormDialog>
  );
}
