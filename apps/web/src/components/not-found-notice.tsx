import { Link } from 'react-router';

/**
 * What a 404 page says (an unknown address, a tool that is not in the catalogue): what was not
 * found, and the ways on, the catalogue first (issue 43: a visitor who missed a page still wants tools).
 */
export function NotFoundNotice({ heading, text }: { heading: string; text: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-20 text-center">
      <p className="text-7xl font-black text-secondary">404</p>
      <h1 className="text-3xl font-bold">{heading}</h1>
      <p className="text-base-content/80">{text}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/tools" className="btn btn-primary">
          See our tools
        </Link>
        <Link to="/home" className="btn">
          Back to home
        </Link>
      </div>
    </section>
  );
}
