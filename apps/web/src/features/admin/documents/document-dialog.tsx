import { useState, type FormEvent } from 'react';
import {
  DEFAULT_DOCUMENT_CATEGORY,
  DOCUMENT_CATEGORIES,
  DOCUMENT_FILE_ACCEPT,
  type DocumentCategory,
  type DocumentItem,
  documentFields,
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
import { useUploadDocument } from '@/queries/documents';
import { FileField } from '../components/file-field';
import { FormError } from '../components/form-error';
import { toastDone, toastFailed } from '../components/feedback';

interface Form {
  name: string;
  category: DocumentCategory;
  type: string;
  description: string;
  uploadDate: string;
  isNew: boolean;
}

/** A row's category when it is one of the set (the server keeps them so), else General. */
const categoryOf = (c: string | undefined): DocumentCategory =>
  DOCUMENT_CATEGORIES.find((k) => k === c) ?? DEFAULT_DOCUMENT_CATEGORY;

const fromDoc = (d: DocumentItem | null): Form => ({
  name: d?.name ?? '',
  category: categoryOf(d?.category),
  type: d?.type ?? '',
  description: d?.description ?? '',
  uploadDate: d?.uploadDate.slice(0, 10) ?? new Date().toISOString().slice(0, 10),
  isNew: d?.isNew ?? true,
});

/** Upload or edit a document of one investor (or shared with the project when userId is null). */
export function DocumentDialog({
  open,
  doc,
  projectId,
  userId,
  onClose,
}: {
  open: boolean;
  doc: DocumentItem | null;
  projectId: string;
  userId: string | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-xl">
        {open && (
          <DocumentForm
            key={doc?._id ?? 'new'}
            doc={doc}
            projectId={projectId}
            userId={userId}
            onClose={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function DocumentForm({
  doc,
  projectId,
  userId,
  onClose,
}: {
  doc: DocumentItem | null;
  projectId: string;
  userId: string | null;
  onClose: () => void;
}) {
  const [form, setForm] = useState<Form>(() => fromDoc(doc));
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fe = useFieldErrors();
  const save = useUploadDocument();
  const set = (k: keyof Form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!fe.check(documentFields, form, (m) => toastFailed('Failed to save document', new Error(m)))) return;
    try {
      const res = await save.mutateAsync({
        id: doc?._id,
        query: { projectId, userId },
        form: toFormData(
          {
            name: form.name.trim(),
            category: form.category,
            type: form.type.trim(),
            description: form.description,
            uploadDate: form.uploadDate,
            isNew: form.isNew,
          },
          file,
        ),
        onProgress: file ? setProgress : () => {},
      });
      toastDone(
        doc ? 'Updated' : 'Created',
        `Document “${res.data.name}” was ${doc ? 'updated' : 'uploaded'}.`,
      );
      onClose();
    } catch (err) {
      if (!fe.fromError(err)) setError(messageOf(err, 'Failed to save document'));
      toastFailed('Failed to save document', err);
    } finally {
      setProgress(null);
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{doc ? 'Edit Document' : 'Upload Document'}</DialogTitle>
        <DialogDescription>
          {userId
            ? 'Only this investor sees it in their Document Vault.'
            : 'Every investor of the project sees it.'}
        </DialogDescription>
      </DialogHeader>
      <form ref={fe.formRef} onSubmit={onSubmit} className="grid gap-4" noValidate>
        <FormError message={error} />
        <FileField
          label="File"
          accept={DOCUMENT_FILE_ACCEPT}
          file={file}
          onFile={setFile}
          current={doc?.fileName}
          progress={progress}
          hint="PDF, text, images or office documents"
        />
        <Field label="Name" hint="Left empty, the file's name is used." error={fe.of('name')}>
          <Input value={form.name} onChange={set('name')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Category" error={fe.of('category')}>
            <NativeSelect value={form.category} onChange={set('category')}>
              {DOCUMENT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Type" hint="Left empty, taken from the file (PDF, DOCX…)." error={fe.of('type')}>
            <Input value={form.type} onChange={set('type')} />
          </Field>
        </div>
        <Field label="Description" error={fe.of('description')}>
          <Textarea rows={2} value={form.description} onChange={set('description')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
          <Field label="Upload date" error={fe.of('uploadDate')}>
            <Input type="date" value={form.uploadDate} onChange={set('uploadDate')} />
          </Field>
          <label className="flex h-10 items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-[var(--color-primary)]"
              checked={form.isNew}
              onChange={(e) => setForm((f) => ({ ...f, isNew: e.target.checked }))}
            />
            Flag as new
          </label>
        </div>
        <DialogFooter className="mt-2">
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : doc ? 'Save Changes' : 'Upload Document'}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
