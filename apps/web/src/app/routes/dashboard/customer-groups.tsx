import { useState } from 'react';
import { QueryState } from '../../../components/query-state.tsx';
import { ToolPicker, useToolChoice } from '../../../features/catalogue/components/tool-picker.tsx';
import { useCustomerGroups } from '../../../features/pricing/api/customer-groups.ts';
import { CustomerGroupsTable, GroupDetails, GroupMemberForm, GroupToolPriceForm, NewCustomerGroupForm } from '../../../features/pricing/components/customer-groups-forms.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';

/**
 * Admin: customer groups and their prices (issue 39, part 2; decision 059): retail, trade (approved
 * business accounts) and the shop's own; each group's tool prices, tiers and minimums; who is in which.
 */
export function CustomerGroupsPage() {
  const groups = useCustomerGroups();
  const toolChoice = useToolChoice();
  const [shown, setShown] = useState('trade');
  return (
    <DashboardPage title="Customer groups">
      <QueryState query={groups} loadingLabel="Loading customer groups">
        {(all) => (
          <>
            <CustomerGroupsTable groups={all} />
            <GroupToolPriceForm groups={all} picker={<ToolPicker label="Tool" choice={toolChoice} />} toolId={toolChoice.tool?._id} />
            <GroupMemberForm groups={all} />
            <NewCustomerGroupForm />
            <label className="flex flex-col gap-1 text-sm font-medium">
              Show the prices and customers of
              <select className="select" value={shown} onChange={(event) => setShown(event.target.value)}>
                {all.map((group) => (
                  <option key={group.key} value={group.key}>
                    {group.name}
                  </option>
                ))}
              </select>
            </label>
            {all.filter((group) => group.key === shown).map((group) => (
              <GroupDetails key={group.key} group={group} />
            ))}
          </>
        )}
      </QueryState>
    </DashboardPage>
  );
}
