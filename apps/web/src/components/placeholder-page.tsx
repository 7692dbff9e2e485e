import { Link } from 'react-router';

/** Stands in for a page whose feature has not landed yet, so the route already exists. */
export function PlaceholderPage({ title, text }: { title: string; text: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-base-content/70">{text}</p>
      <Link to="/home" className="btn btn-primary mt-8">
        Back to home
      </Link>
    </section>
  );
}
