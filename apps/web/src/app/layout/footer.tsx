import type { FormEvent } from 'react';
import { Link } from 'react-router';

interface FooterItem {
  label: string;
  /** The part of the shop that says this; without one the item is text, not a link that goes nowhere. */
  to?: string;
}

// The spec's footer links have no destination. A link without one is skipped by the keyboard and
// read as broken, so each goes to the home page's section that tells it; the shop has no jobs or
// legal pages yet, so those stay plain text until it does.
const columns: { title: string; items: FooterItem[] }[] = [
  {
    title: 'Services',
    items: [
      { label: 'Manufacturing', to: '/home#production-heading' },
      { label: 'Selling', to: '/home#tools-heading' },
      { label: 'Stocking electrical tools', to: '/home#stock-heading' },
    ],
  },
  {
    title: 'Company',
    items: [{ label: 'About us', to: '/home#production-heading' }, { label: 'Contact', to: '/home#ask-us-heading' }, { label: 'Jobs' }],
  },
  { title: 'Legal', items: [{ label: 'Terms of use' }, { label: 'Privacy policy' }, { label: 'Cookie policy' }] },
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
            {column.items.map((item) =>
              item.to ? (
                <Link key={item.label} to={item.to} className="link link-hover">
                  {item.label}
                </Link>
              ) : (
                <span key={item.label}>{item.label}</span>
              ),
            )}
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
