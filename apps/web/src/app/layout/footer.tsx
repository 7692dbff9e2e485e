import type { FormEvent } from 'react';

const columns = [
  { title: 'Services', items: ['Manufacturing', 'Selling', 'Stocking electrical tools'] },
  { title: 'Company', items: ['About us', 'Contact', 'Jobs'] },
  { title: 'Legal', items: ['Terms of use', 'Privacy policy', 'Cookie policy'] },
];

export function Footer() {
  // The spec's newsletter box sends nothing.
  const ignoreSubscribe = (event: FormEvent) => event.preventDefault();
  return (
    <footer className="bg-base-200 text-base-content">
      <div className="footer mx-auto max-w-7xl p-10 sm:footer-horizontal">
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="footer-title opacity-80">{column.title}</h2>
            {column.items.map((item) => (
              <a key={item} className="link link-hover">
                {item}
              </a>
            ))}
          </nav>
        ))}
        <form onSubmit={ignoreSubscribe} aria-label="Newsletter">
          <h2 className="footer-title opacity-80">Newsletter</h2>
          <fieldset className="w-full sm:w-80">
            <label className="label text-base-content/80" htmlFor="newsletter-email">
              Enter your email address
            </label>
            <div className="join w-full">
              <input id="newsletter-email" type="email" placeholder="username@site.com" className="input join-item w-full" />
              <button type="submit" className="btn btn-primary join-item">
                Subscribe
              </button>
            </div>
          </fieldset>
        </form>
      </div>
      <p className="pb-6 text-center text-sm text-base-content/70">
        Copyright © {new Date().getFullYear()} Voltline Tools. Built, sold and stocked with care.
      </p>
    </footer>
  );
}
