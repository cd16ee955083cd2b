import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/admin/page-header';
import { ComposeForm } from './compose-form';
import { SentList } from './sent-list';

/** Notification Management (docs/product.md §15.9): compose and send, the sent list, delete. */
function NotificationsPage() {
  const { t } = useTranslation('notifications');
  return (
    <>
      <PageHeader title={t('admin.title')} description={t('admin.description')} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <ComposeForm />
        <SentList />
      </div>
    </>
  );
}

export { NotificationsPage as Component };
