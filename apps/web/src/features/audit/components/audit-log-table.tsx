import { auditKindWords, type AuditEntry } from '@voltline/shared/audit';
import { formatShortDateTime } from '@voltline/shared/shop-constants';
import { DataTable } from '../../../components/data-table.tsx';

const COLUMNS = ['When', 'Who', 'What', 'Before', 'After'];

/** Who made the change as the log recorded them: a member of staff's email, an API key, or the shop itself. */
function actorWords(entry: AuditEntry): string {
  if (entry.actorKind === 'system') return 'The shop';
  const who = entry.actorEmail ?? 'Unknown';
  return entry.actorKind === 'api_key' ? `${who} (API key ${entry.actorApiKeyId ?? ''})` : who;
}

/** The recorded fields as "field: value" lines; a value that is a list or an object as JSON. */
function Fields({ fields }: { fields: Record<string, unknown> | null }) {
  if (!fields || Object.keys(fields).length === 0) return <span className="text-sm">-</span>;
  return (
    <dl className="text-sm">
      {Object.entries(fields).map(([field, value]) => (
        <div key={field} className="break-all">
          <dt className="inline font-semibold">{field}: </dt>
          <dd className="inline">{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The Audit log page's rows (a card per row on a phone: DataTable). */
export function AuditLogTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <DataTable caption="Audit log" columns={COLUMNS}>
      {entries.map((entry) => (
        <tr key={entry._id} data-testid="audit-row">
          <td>{formatShortDateTime(entry.at)}</td>
          <td>
            {actorWords(entry)}
            {entry.clientAddress && <p className="font-mono text-sm">{entry.clientAddress}</p>}
          </td>
          <td>
            <span className="font-semibold">{auditKindWords[entry.kind]}</span>: {entry.action}
            {entry.subject && <p className="font-mono text-sm break-all">{entry.subject}</p>}
          </td>
          <td>
            <Fields fields={entry.before} />
          </td>
          <td>
            <Fields fields={entry.after} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
