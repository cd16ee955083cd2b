import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import {
  UPDATE_CATEGORIES,
  createUpdateInput,
  updateUpdateInput,
  type Update,
  type UpdateTranslations,
} from '@portal/contracts';
import { LOCALE_NAMES, LOCALES, type Locale } from '@portal/i18n';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { useSaveUpdate } from '@/queries/updates';
import { toastDone } from '@/components/admin/feedback';
import { UPDATE_CATEGORY_LABEL } from '../components/update-card';
import { parseImageUrls } from './image-urls';

/** One translation's fields in the form (`deTitle`, `deExcerpt`, `deContent`, …). */
type TranslationFields = {
  [L in Locale as `${L}Title` | `${L}Excerpt` | `${L}Content`]: string;
};

interface Form extends TranslationFields {
  title: string;
  category: string;
  date: string;
  excerpt: string;
  content: string;
  images: string;
}

const fieldsOf = (l: Locale) =>
  ({ title: `${l}Title`, excerpt: `${l}Excerpt`, content: `${l}Content` }) as const;

const localDay = (iso: string | undefined) => {
  const d = iso ? new Date(iso) : new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const translationFields = (u: Update | null): TranslationFields =>
  Object.fromEntries(
    LOCALES.flatMap((l) => {
      const tr = u?.translations?.[l];
      const f = fieldsOf(l);
      return [
        [f.title, tr?.title ?? ''],
        [f.excerpt, tr?.excerpt ?? ''],
        [f.content, tr?.content ?? ''],
      ];
    }),
  ) as TranslationFields;

const fromUpdate = (u: Update | null): Form => ({
  title: u?.title ?? '',
  category: u?.category ?? 'general',
  date: localDay(u?.date),
  excerpt: u?.excerpt ?? '',
  content: u?.content ?? '',
  images: (u?.images ?? []).join(', '),
  ...translationFields(u),
});

/** Whether a language's fields say anything (an empty one is no translation). */
const hasTranslation = (form: Form, l: Locale) => {
  const f = fieldsOf(l);
  return [form[f.title], form[f.excerpt], form[f.content]].some((v) => v.trim() !== '');
};

/** Every language with a translation; sent, it replaces all of them (one left empty is removed). */
const translationsOf = (form: Form): UpdateTranslations =>
  Object.fromEntries(
    LOCALES.filter((l) => hasTranslation(form, l)).map((l) => {
      const f = fieldsOf(l);
      return [l, { title: form[f.title].trim(), excerpt: form[f.excerpt], content: form[f.content] }];
    }),
  );

const toBody = (form: Form) => ({
  title: form.title.trim(),
  category: form.category as Update['category'],
  excerpt: form.excerpt,
  content: form.content,
  images: parseImageUrls(form.images),
  // The day chosen, at noon local time, so that no time zone moves it to another day.
  ...(form.date ? { date: new Date(`${form.date}T12:00:00`).toISOString() } : {}),
  translations: translationsOf(form),
});

/**
 * Create or edit a project update: HTML content, comma-separated image URLs, and a translation per
 * language (its own title, excerpt and content), which investors of that language read instead.
 */
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
  const { t } = useTranslation('updates');
  const failure = t('dialog.failed');
  const save = useSaveUpdate({ failure });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      formKey={update?._id}
      className="max-h-[90vh] max-w-2xl overflow-y-auto"
      title={update ? t('dialog.editTitle') : t('dialog.addTitle')}
      description={t('dialog.description')}
      defaultValues={() => fromUpdate(update)}
      schema={update ? updateUpdateInput : createUpdateInput}
      toBody={(f) => (update ? toBody(f) : { ...toBody(f), projectId })}
      // A translation needs its title (the server refuses one without it with the same words).
      precheck={(form) => {
        const l = LOCALES.find((l) => hasTranslation(form, l) && form[fieldsOf(l).title].trim() === '');
        return l ? { field: fieldsOf(l).title, message: t('dialog.titleRequired') } : null;
      }}
      onSubmit={async (fields) => {
        await save.mutateAsync(
          update ? { id: update._id, input: fields } : { input: { ...fields, projectId } },
        );
        toastDone(
          update ? t('dialog.updated') : t('dialog.created'),
          update
            ? t('dialog.updatedText', { title: fields.title })
            : t('dialog.createdText', { title: fields.title }),
        );
      }}
      failure={failure}
      submitLabel={update ? t('dialog.save') : t('dialog.publish')}
    >
      {(f) => {
        // A problem of a translation the server or the contract finds (`translations.de.title`) is
        // named under the section: the body's field is `translations`, not one of the form's.
        const translationsError = f.error('translations' as never);
        return (
          <>
            <Field label={t('dialog.title')} error={f.error('title')}>
              <Input {...f.register('title')} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t('dialog.category')} error={f.error('category')}>
                <NativeSelect {...f.register('category')}>
                  {UPDATE_CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {t(UPDATE_CATEGORY_LABEL[c])}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field label={t('dialog.date')} error={f.error('date')}>
                <Input type="date" {...f.register('date')} />
              </Field>
            </div>
            <Field label={t('dialog.excerpt')} hint={t('dialog.excerptHint')} error={f.error('excerpt')}>
              <Textarea rows={2} {...f.register('excerpt')} />
            </Field>
            <Field label={t('dialog.content')} hint={t('dialog.contentHint')} error={f.error('content')}>
              <Textarea rows={7} className="font-mono text-xs" {...f.register('content')} />
            </Field>
            <Field label={t('dialog.images')} hint={t('dialog.imagesHint')} error={f.error('images')}>
              <Input {...f.register('images')} />
            </Field>
            <fieldset className="grid gap-3 rounded-lg border p-4">
              <legend className="px-1 text-sm font-medium">{t('dialog.translations')}</legend>
              <p className="text-xs text-muted-foreground">{t('dialog.translationsHint')}</p>
              {translationsError && (
                <p role="alert" className="text-sm text-destructive">
                  {translationsError}
                </p>
              )}
              {LOCALES.map((l) => {
                const names = fieldsOf(l);
                const language = LOCALE_NAMES[l];
                const filled = hasTranslation(f.watch(), l);
                return (
                  <details
                    key={l}
                    open={filled || !!f.formState.errors[names.title]}
                    className="rounded-md border px-3 py-2"
                  >
                    <summary className="cursor-pointer text-sm font-medium">{language}</summary>
                    <div className="mt-3 grid gap-3">
                      <Field label={t('dialog.translationTitle', { language })} error={f.error(names.title)}>
                        <Input lang={l} {...f.register(names.title)} />
                      </Field>
                      <Field
                        label={t('dialog.translationExcerpt', { language })}
                        error={f.error(names.excerpt)}
                      >
                        <Textarea lang={l} rows={2} {...f.register(names.excerpt)} />
                      </Field>
                      <Field
                        label={t('dialog.translationContent', { language })}
                        error={f.error(names.content)}
                      >
                        <Textarea
                          lang={l}
                          rows={5}
                          className="font-mono text-xs"
                          {...f.register(names.content)}
                        />
                      </Field>
                      {filled && (
                        <Button
                          variant="ghost"
                          size="sm"
                          className="justify-self-start"
                          onClick={() => {
                            for (const name of Object.values(names))
                              f.setValue(name, '', { shouldDirty: true });
                            f.clearErrors(names.title);
                          }}
                        >
                          <X aria-hidden="true" />
                          {t('dialog.removeTranslation', { language })}
                        </Button>
                      )}
                    </div>
                  </details>
                );
              })}
            </fieldset>
          </>
        );
      }}
    </FormDialog>
  );
}
