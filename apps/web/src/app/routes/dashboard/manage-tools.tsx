import { useState } from 'react';
import type { Tool } from '@voltline/shared/tool';
import { useListAddress } from '../../../lib/list-address.ts';
import { PagedTable } from '../../../components/paged-table.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { useAdminTools } from '../../../features/catalogue/api/get-admin-tools.ts';
import { DeleteToolDialog } from '../../../features/catalogue/components/delete-tool-dialog.tsx';
import { StockDialog } from '../../../features/catalogue/components/stock-dialog.tsx';
import { PicturesDialog } from '../../../features/catalogue/components/pictures-dialog.tsx';
import { ToolsTable, type ToolAction } from '../../../features/catalogue/components/tools-table.tsx';
import { UpdateToolDialog } from '../../../features/catalogue/components/update-tool-dialog.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';

const DIALOGS = { edit: UpdateToolDialog, stock: StockDialog, pictures: PicturesDialog, delete: DeleteToolDialog } as const;

/** Admin: the catalogue a page at a time, with editing stock and price, the stock ledger (receive, count, scrap, history), and deleting a tool (product.md, "Screens" and "States"). */
export function ManageToolsPage() {
  const address = useListAddress();
  const tools = useAdminTools({ q: address.q, cursor: address.cursor });
  const [openDialog, setOpenDialog] = useState<{ action: ToolAction; tool: Tool } | null>(null);
  const Dialog = openDialog && DIALOGS[openDialog.action];

  return (
    <DashboardPage title="Manage Tools">
      <SearchBox label="Search tools" value={address.q ?? ''} onSearch={address.search} />
      <PagedTable page={tools} address={address} label="Tool pages" loadingLabel="Loading tools" emptyText="No tool found">
        {(catalogue) => <ToolsTable tools={catalogue} onAction={(action, tool) => setOpenDialog({ action, tool })} />}
      </PagedTable>
      {openDialog && Dialog && <Dialog tool={openDialog.tool} onClose={() => setOpenDialog(null)} />}
    </DashboardPage>
  );
}
