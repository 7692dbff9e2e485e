import { useEffect, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useSession } from '../../lib/session/session-context.ts';
import { CartLink } from '../../features/cart/components/cart-link.tsx';

const links = [
  { to: '/home', label: 'Home' },
  // Issue 28: the whole catalogue, searched and sorted (not in the spec's navigation).
  { to: '/tools', label: 'Tools' },
  { to: '/blogs', label: 'Blogs' },
  { to: '/myportfolio', label: 'My Portfolio' },
];

/**
 * How a header link looks where it sits: on the dark bar (wide screens) or in the light drop-down
 * (phones). daisyUI's menu dims a focused link and drops the outline, and marks the current page
 * with the bar's own colour: a 2 px solid outline (solid said outright: daisyUI sets the outline style
 * variable to none on focus) shows where the focus is (WCAG 2.4.7) and an underline
 * which page is open (NavLink sets aria-current="page" on it).
 */
type Surface = 'bar' | 'dropdown';
const LINK_CLASS: Record<Surface, string> = {
  bar: 'focus-visible:bg-neutral-content/15 focus-visible:text-neutral-content focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-offset-2 focus-visible:outline-primary aria-[current=page]:bg-transparent aria-[current=page]:text-neutral-content aria-[current=page]:underline aria-[current=page]:decoration-primary aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8',
  dropdown: 'focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-offset-2 focus-visible:outline-accent aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-4',
};

/** product.md, "Screens": the dashboard, the name and Logout when signed in; Login when signed out; neither while unknown. */
function AccountItems({ surface }: { surface: Surface }) {
  const { status, user, signOut } = useSession();
  if (status === 'loading') {
    return (
      <li aria-hidden="true" className="justify-center">
        <span className="skeleton h-5 w-20 bg-base-300/40" />
      </li>
    );
  }
  if (!user) {
    return (
      <li>
        <NavLink to="/login" className={LINK_CLASS[surface]}>
          Login
        </NavLink>
      </li>
    );
  }
  return (
    <>
      <li>
        <NavLink to="/dashboard" className={LINK_CLASS[surface]}>
          Dashboard
        </NavLink>
      </li>
      {/* Cut to a bar's share (issue 43: a long name overprinted Logout or pushed it off screen), the
          whole name in its title; min-w-0 lets the item shrink below its text's width in the row. */}
      <li className="min-w-0 lg:max-w-40 xl:max-w-56">
        {/* Not a control: only says who is signed in. As wide as the item (w-full): daisyUI's items
            wrap their content in lines as wide as the widest text, past the item's own width. */}
        <span className="pointer-events-none block w-full truncate font-semibold" data-testid="signed-in-name" title={user.name || user.email}>
          {user.name || user.email}
        </span>
      </li>
      <li>
        <button type="button" className={LINK_CLASS[surface]} onClick={() => void signOut()}>
          Logout
        </button>
      </li>
    </>
  );
}

function NavItems({ surface }: { surface: Surface }) {
  return (
    <>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} className={LINK_CLASS[surface]}>
            {link.label}
          </NavLink>
        </li>
      ))}
      <AccountItems surface={surface} />
    </>
  );
}

export function Navbar() {
  const mobileMenu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  // The mobile menu is a <details>; it would stay open over the new page after a link is followed.
  useEffect(() => {
    if (mobileMenu.current) mobileMenu.current.open = false;
  }, [pathname]);

  return (
    <header className="sticky top-0 z-30 bg-neutral text-neutral-content shadow">
      <nav className="navbar mx-auto max-w-7xl px-4" aria-label="Main">
        {/* daisyUI gives start and end half the bar each; the menu needs more than half on a 1024 px
            screen (issue 43), so the name takes its width and the menu the rest. */}
        <div className="navbar-start w-auto shrink-0">
          <Link to="/home" className="flex items-center rounded-field focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-offset-4 focus-visible:outline-primary gap-2 whitespace-nowrap text-lg font-bold sm:text-xl">
            <img src="/images/logo.svg" alt="" width={32} height={32} />
            <span>Voltline Tools</span>
          </Link>
        </div>
        <div className="navbar-end min-w-0 flex-1">
          {/* Outside the menus: on a phone the cart stays one tap away, beside the menu button. */}
          <CartLink />
          <ul className="menu menu-horizontal hidden min-w-0 flex-nowrap items-center gap-1 lg:flex">
            <NavItems surface="bar" />
          </ul>
          <details ref={mobileMenu} className="dropdown dropdown-end lg:hidden">
            <summary className="btn btn-ghost text-neutral-content" aria-label="Open menu">
              <svg xmlns="http://www.w3.org/2000/svg" className="h-6 w-6" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
                <path strokeLinecap="round" strokeLinejoin="round" strokeWidth={2} d="M4 6h16M4 12h16M4 18h16" />
              </svg>
            </summary>
            <ul className="menu dropdown-content z-40 mt-3 w-52 rounded-box bg-base-100 p-2 text-base-content shadow">
              <NavItems surface="dropdown" />
            </ul>
          </details>
        </div>
      </nav>
    </header>
  );
}
