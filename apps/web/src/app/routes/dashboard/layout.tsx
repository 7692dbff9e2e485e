import { useEffect, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { DashboardMenu } from '../../layout/dashboard-menu.tsx';
import { TwoFactorNotice } from '../../../features/accounts/components/two-factor-notice.tsx';

const DRAWER_ID = 'dashboard-drawer';
const MENU_ID = 'dashboard-menu';

/** The dashboard shell: the side menu always shows on large screens and is a drawer on small ones. */
export function DashboardLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const closeMenu = () => setMenuOpen(false);
  // Escape closes the open drawer wherever the focus is (it stays on the button that opened it),
  // and gives the focus back to that button.
  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      openButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  return (
    <div className="drawer lg:drawer-open">
      {/* daisyUI drives the drawer from this checkbox; the button below is the control people use. */}
      <input
        id={DRAWER_ID}
        type="checkbox"
        className="drawer-toggle"
        checked={menuOpen}
        onChange={(event) => setMenuOpen(event.target.checked)}
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content min-w-0 px-4 py-6 sm:px-8">
        <div className="mb-6 flex items-center gap-2">
          <button
            ref={openButton}
            type="button"
            className="btn btn-square btn-ghost lg:hidden"
            aria-label="Open dashboard menu"
            aria-controls={MENU_ID}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <svg xmlns="http://www.w3.org/2000/svg" className="h-6 w-6" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
              <path strokeLinecap="round" strokeLinejoin="round" strokeWidth={2} d="M4 6h16M4 12h10M4 18h16" />
            </svg>
          </button>
          <h1 className="text-3xl font-bold">Dashboard</h1>
        </div>
        <TwoFactorNotice />
        <Outlet />
      </div>
      <div className="drawer-side z-40 lg:z-auto">
        {/* The overlay closes the drawer for a pointer; keyboards use Escape. A <label> may not carry
            an aria-label (it has no role to name), so it is hidden from assistive technology. */}
        <label htmlFor={DRAWER_ID} aria-hidden="true" className="drawer-overlay" />
        <DashboardMenu id={MENU_ID} onNavigate={closeMenu} />
      </div>
    </div>
  );
}
