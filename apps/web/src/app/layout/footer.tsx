import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { findShopPage, shopPagePath, type ShopPageSlug } from '@voltline/shared/shop-pages';

interface FooterItem {
  label: string;
  /** The part of the shop that says this. */
  to: string;
}

/** A footer page of the fixed list, by its address (/about, ...). */
const shopPage = (slug: ShopPageSlug): FooterItem => ({ label: findShopPage(slug)!.title, to: shopPagePath(slug) });

// The spec's footer links have no destination. A link without one is skipped by the keyboard and
// read as broken: the services go to the home page's sections that tell them, the company and legal
// items to the shop's own pages (their text is the owner's, DATA_DIR/pages).
const columns: { title: string; items: FooterItem[] }[] = [
  {
    title: 'Services',
    items: [
      { label: 'Manufacturing', to: '/home#production-heading' },
      { label: 'Selling', to: '/home#tools-heading' },
      { label: 'Stocking electrical tools', to: '/home#stock-heading' },
    ],
  },
  { title: 'Company', items: [shopPage('about'), shopPage('contact'), shopPage('jobs')] },
  { title: 'Legal', items: [shopPage('terms'), shopPage('privacy'), shopPage('cookies')] },
];

export function Footer() {
  // The spec's newsletter box sends nothing; it says so rather than seem to take an address.
  const ignoreSubscribe = (event: FormEvent) => event.preventDefault();
  return (
    <footer className="bg-base-200 text-base-content">
      <div className="footer mx-auto max-w-7xl p-10 sm:footer-horizontal">
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="footer-title opacity-80">{column.title}</h2>
            {column.items.map((item) => (
              <Link key={item.label} to={item.to} className="link link-hover">
                {item.label}
              </Link>
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
              <input
                id="newsletter-email"
                type="email"
                placeholder="username@site.com"
                aria-describedby="newsletter-soon"
                className="input join-item w-full"
              />
              <button type="submit" className="btn btn-primary join-item">
                Subscribe
              </button>
            </div>
            <p id="newsletter-soon" className="mt-2 text-sm font-semibold">
              Newsletter coming soon
            </p>
          </fieldset>
        </form>
      </div>
      <p className="pb-6 text-center text-sm text-base-content/70">
        Copyright © {new Date().getFullYear()} Voltline Tools. Built, sold and stocked with care.
      </p>
    </footer>
  );
}
