import type { ApiKey } from '@voltline/shared/api-keys';
import { formatShortDate, formatShortDateTime } from '@voltline/shared/shop-constants';
import { DataTable } from '../../../components/data-table.tsx';

const COLUMNS = ['Name', 'Scopes', 'Created', 'Last used', 'State'];

/** The shop's keys: never the key itself, which was shown once. */
export function ApiKeysTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  return (
    <DataTable caption="API keys" columns={COLUMNS}>
      {keys.map((key) => (
        <tr key={key._id} data-testid="api-key-row">
          <td className="min-w-32 font-medium">{key.name}</td>
          <td className="min-w-40 font-mono text-sm">{key.scopes.join(', ')}</td>
          <td>{formatShortDate(key.createdAt)}</td>
          <td>{key.lastUsedAt ? formatShortDateTime(key.lastUsedAt) : 'Never'}</td>
          <td>
            {key.revokedAt ? (
              `Revoked ${formatShortDate(key.revokedAt)}`
            ) : (
              <button type="button" className="btn btn-error btn-xs" aria-label={`Revoke ${key.name}`} onClick={() => onRevoke(key)}>
                Revoke
              </button>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
