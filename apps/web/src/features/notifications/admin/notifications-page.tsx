import { PageHeader } from '@/components/admin/page-header';
import { ComposeForm } from './compose-form';
import { SentList } from './sent-list';

/** Notification Management (docs/product.md §15.9): compose and send, the sent list, delete. */
function NotificationsPage() {
  return (
    <>
      <PageHeader
        title="Notification Management"
        description="Send announcements to investors and see who has read them."
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <ComposeForm />
        <SentList />
      </div>
    </>
  );
}

export { NotificationsPage as Component };
