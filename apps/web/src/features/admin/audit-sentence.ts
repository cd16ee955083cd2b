import { useTranslation } from 'react-i18next';
import { auditText, type AuditEntry, type AuditTranslate } from '@portal/contracts';

/**
 * An audit entry as a sentence in the page's language (its message and parts from the `admin`
 * namespace, amounts and days by the shared formatters); the audit CSV keeps the English one.
 */
export function useAuditSentence(): (e: AuditEntry) => string {
  const { t } = useTranslation('admin');
  // The contracts name each message by its full key ('admin:audit.sentence.…'), chosen at run time.
  return (e) => auditText(t as unknown as AuditTranslate, e);
}
