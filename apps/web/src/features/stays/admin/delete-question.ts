import i18next from 'i18next';
import type { ConfirmRequest } from '@/lib/confirm';

/** The question before a deletion, in the page's language: its title names what goes ('Delete perk Sauna evenings?'). */
export const deleteQuestion = (title: string): ConfirmRequest => ({
  title,
  description: i18next.t('common:confirm.cannotUndo'),
  confirmLabel: i18next.t('common:rowActions.delete'),
  destructive: true,
});
