import { QueryState } from '../../../components/query-state.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { useFamilies } from '../../../features/catalogue/api/get-families.ts';
import { AccessoryLinkForm } from '../../../features/catalogue/components/accessory-link-form.tsx';
import { FamilyAdminCard } from '../../../features/catalogue/components/family-admin-card.tsx';
import { NewFamilyForm } from '../../../features/catalogue/components/new-family-form.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';

/** Admin: tool families (issue 40, item 3; decision 051) and accessories linked to the tools they fit (item 7; decision 052). */
export function FamiliesPage() {
  const { rows, more } = useFamilies();
  return (
    <DashboardPage title="Families and accessories" width="4xl">
      <NewFamilyForm />
      <QueryState query={rows} loadingLabel="Loading the families" emptyText="No families yet: create the first above.">
        {(families) => (
          <ul id="families" aria-label="Families" className="flex flex-col gap-3">
            {families.map((family) => (
              <FamilyAdminCard key={family._id} family={family} />
            ))}
          </ul>
        )}
      </QueryState>
      <LoadMoreButton more={more} controls="families" />
      <AccessoryLinkForm />
    </DashboardPage>
  );
}
