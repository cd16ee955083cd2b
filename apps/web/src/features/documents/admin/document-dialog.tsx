import {
  DEFAULT_DOCUMENT_CATEGORY,
  DOCUMENT_CATEGORIES,
  DOCUMENT_FILE_ACCEPT,
  type DocumentCategory,
  type DocumentItem,
  documentFields,
} from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { toFormData } from '@/lib/upload';
import { useUploadDocument } from '@/queries/documents';
import { FileField } from '@/components/admin/file-field';
import { toastDone } from '@/components/admin/feedback';
import { categoryLabel } from '../documents-view';

interface Form {
  name: string;
  category: DocumentCategory;
  type: string;
  description: string;
  uploadDate: string;
  isNew: boolean;
  file: File | null;
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
  file: null,
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
  const { t } = useTranslation('documents');
  const failure = t('dialog.failed');
  const save = useUploadDocument({ failure });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      formKey={doc?._id}
      className="max-w-xl"
      title={doc ? t('dialog.editTitle') : t('dialog.uploadTitle')}
      description={userId ? t('dialog.forInvestor') : t('dialog.forProject')}
      defaultValues={() => fromDoc(doc)}
      schema={documentFields}
      // The values as typed are checked; the trimmed ones are sent.
      toBody={({ file: _, ...form }) => form}
      onSubmit={async (form, { file }, onProgress) => {
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
          onProgress: file ? onProgress : () => {},
        });
        toastDone(
          doc ? t('dialog.updated') : t('dialog.created'),
          doc
            ? t('dialog.updatedText', { name: res.data.name })
            : t('dialog.createdText', { name: res.data.name }),
        );
      }}
      failure={failure}
      submitLabel={doc ? t('dialog.save') : t('dialog.upload')}
    >
      {(f) => (
        <>
          <FileField
            label={t('dialog.file')}
            accept={DOCUMENT_FILE_ACCEPT}
            file={f.watch('file')}
            onFile={(file) => f.setValue('file', file)}
            current={doc?.fileName}
            progress={f.progress}
            hint={t('dialog.fileHint')}
          />
          <Field label={t('dialog.name')} hint={t('dialog.nameHint')} error={f.error('name')}>
            <Input {...f.register('name')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('dialog.category')} error={f.error('category')}>
              <NativeSelect {...f.register('category')}>
                {DOCUMENT_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {categoryLabel(c)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label={t('dialog.type')} hint={t('dialog.typeHint')} error={f.error('type')}>
              <Input {...f.register('type')} />
            </Field>
          </div>
          <Field label={t('dialog.description')} error={f.error('description')}>
            <Textarea rows={2} {...f.register('description')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
            <Field label={t('dialog.uploadDate')} error={f.error('uploadDate')}>
              <Input type="date" {...f.register('uploadDate')} />
            </Field>
            <label className="flex h-10 items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                className="size-4 accent-[var(--color-primary)]"
                {...f.register('isNew')}
              />
              {t('dialog.flagNew')}
            </label>
          </div>
        </>
      )}
    </FormDialog>
  );
}
