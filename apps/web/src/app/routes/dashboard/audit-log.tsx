import { useState } from 'react';
import { AUDIT_KINDS, auditKindWords, type AuditKind } from '@voltline/shared/audit';
import { LoadMoreList } from '../../../components/load-more-list.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { useAuditLog } from '../../../features/audit/api/audit-log.ts';
import { AuditLogTable } from '../../../features/audit/components/audit-log-table.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';

/** Admin: every change staff made, newest first, by person, kind and days (decision 065). */
export function AuditLogPage() {
  const [actor, setActor] = useState('');
  const [kind, setKind] = useState<AuditKind | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const log = useAuditLog({ actor: actor || undefined, kind: kind || undefined, from: from || undefined, to: to || undefined });
  const filtered = Boolean(actor || kind || from || to);
  return (
    <DashboardPage title="Audit log">
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox label="Staff email" value={actor} onSearch={setActor} />
        <label className="flex flex-col gap-1 text-sm">
          Kind
          <select className="select select-sm" value={kind} onChange={(event) => setKind(event.target.value as AuditKind | '')}>
            <option value="">Every kind</option>
            {AUDIT_KINDS.map((each) => (
              <option key={each} value={each}>
                {auditKindWords[each]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          From
          <input type="date" className="input input-sm" value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          To
          <input type="date" className="input input-sm" value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} />
        </label>
      </div>
      <LoadMoreList list={log} loadingLabel="Loading the audit log" emptyText={filtered ? 'No change matches that' : 'No change recorded yet'}>
        {(rows) => <AuditLogTable entries={rows} />}
      </LoadMoreList>
    </DashboardPage>
  );
}
