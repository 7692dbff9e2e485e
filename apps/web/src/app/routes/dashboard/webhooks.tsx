import { useState } from 'react';
import type { WebhookEndpoint } from '@voltline/shared/webhook';
import { LoadMoreList } from '../../../components/load-more-list.tsx';
import { useWebhookEndpoints } from '../../../features/webhooks/api/get-webhook-endpoints.ts';
import { AddWebhookEndpointForm } from '../../../features/webhooks/components/add-webhook-endpoint-form.tsx';
import { DeliveriesDialog } from '../../../features/webhooks/components/deliveries-dialog.tsx';
import { RemoveEndpointDialog } from '../../../features/webhooks/components/remove-endpoint-dialog.tsx';
import { SigningSecretAlert } from '../../../features/webhooks/components/signing-secret-alert.tsx';
import { WebhookEndpointsTable, type EndpointAction } from '../../../features/webhooks/components/webhook-endpoints-table.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';

const DIALOGS = { deliveries: DeliveriesDialog, remove: RemoveEndpointDialog } as const;

/** Admin: the systems told about orders and stock (signed webhooks), and each one's delivery log. */
export function WebhooksPage() {
  const endpoints = useWebhookEndpoints();
  // Kept in this page's state only: the server never answers a secret again.
  const [newSecret, setNewSecret] = useState<string | null>(null);
  const [openDialog, setOpenDialog] = useState<{ action: EndpointAction; endpoint: WebhookEndpoint } | null>(null);
  const Dialog = openDialog && DIALOGS[openDialog.action];

  return (
    <DashboardPage title="Webhooks">
      <div className="flex max-w-3xl flex-col gap-4">
        <AddWebhookEndpointForm onAdded={(created) => setNewSecret(created.secret)} />
        {newSecret && <SigningSecretAlert secret={newSecret} />}
      </div>
      <LoadMoreList list={endpoints} loadingLabel="Loading webhook endpoints" emptyText="No webhook endpoint yet">
        {(registered) => <WebhookEndpointsTable endpoints={registered} onAction={(action, endpoint) => setOpenDialog({ action, endpoint })} />}
      </LoadMoreList>
      {openDialog && Dialog && <Dialog endpoint={openDialog.endpoint} onClose={() => setOpenDialog(null)} />}
    </DashboardPage>
  );
}
