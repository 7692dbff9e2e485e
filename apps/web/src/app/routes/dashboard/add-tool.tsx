import { AddToolForm } from '../../../features/catalogue/components/add-tool-form.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';

/** Admin: a new tool for the catalogue, picture included (product.md, "Screens" and "Rules for what people type"). */
export function AddToolPage() {
  return (
    <DashboardPage title="Add Tool" width="2xl">
      <AddToolForm />
    </DashboardPage>
  );
}
