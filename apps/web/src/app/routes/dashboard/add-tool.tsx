import { AddToolForm } from '../../../features/catalogue/components/add-tool-form.tsx';

/** Admin: a new tool for the catalogue, picture included (product.md, "Screens" and "Rules for what people type"). */
export function AddToolPage() {
  return (
    <section className="flex max-w-2xl flex-col gap-4">
      <h2 className="text-2xl font-bold">Add Tool</h2>
      <AddToolForm />
    </section>
  );
}
