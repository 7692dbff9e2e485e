import type { AuditEntry, AuditKind } from '@voltline/shared/audit';
import { apiPage, type ApiPage } from '../../../lib/api-client.ts';
import { listPath, pagedListOptions, useInfiniteList } from '../../../lib/paged-lists.ts';
import { auditKeys } from '../../../lib/query-keys.ts';

const AUDIT_PAGE_SIZE = 50;

/** What the Audit log page shows: a person (their email), a kind, and a range of days, each optional. */
export interface AuditView {
  actor: string | undefined;
  kind: AuditKind | undefined;
  from: string | undefined;
  to: string | undefined;
}

/** GET /api/admin/audit (admins): a page of the log, newest first. */
function getAuditLog(view: AuditView, cursor: string | undefined): Promise<ApiPage<AuditEntry>> {
  return apiPage<AuditEntry>(listPath('/admin/audit', { ...view, cursor, limit: AUDIT_PAGE_SIZE }));
}

// staleTime 0: every change anywhere in the back office adds a row, so the page asks again each time it opens.
export const auditLogQueryOptions = (view: AuditView) => pagedListOptions(auditKeys.list({ ...view }), (cursor) => getAuditLog(view, cursor), { staleTime: 0 });

export const useAuditLog = (view: AuditView) => useInfiniteList(auditLogQueryOptions(view));
