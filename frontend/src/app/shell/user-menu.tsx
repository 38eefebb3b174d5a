import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { logOut } from '../../lib/auth.ts';
import { useOrganizationContext } from '../../lib/organization-context.tsx';
import { paths } from '../../lib/paths.ts';
import { useEscape } from '../../ui/use-escape.ts';
import { displayName, userInitials, type UserNames } from './user-initials.ts';

/**
 * The language select (Amplify's SelectField) shows only in the open popup: it loads after the
 * shell's first render, not with every organisation page's first load.
 */
const loadLanguageSwitcher = () => import('../../ui/language-switcher.tsx');
const LanguageSwitcher = lazy(async () => ({ default: (await loadLanguageSwitcher()).LanguageSwitcher }));

/** The user's initials; opens the logout popup with sign-out, organisation switch and language. */
export function UserMenu({ user, showName }: { user: UserNames; showName: boolean }) {
  const { t } = useTranslation('app');
  const { canSwitch } = useOrganizationContext();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const name = displayName(user);

  useEscape(open, () => setOpen(false));
  // Asked for once the page has rendered, so the popup opens whole.
  useEffect(() => void loadLanguageSwitcher(), []);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !ref.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  async function signOut() {
    await logOut();
    void navigate(paths.signIn.href(), { replace: true });
  }

  return (
    <div className="user-menu" ref={ref}>
      {/* Named by its content, not aria-label, so the name contains the visible text (WCAG 2.5.3):
          "Account: <name>" is read, the initials and the visible name are not read twice. */}
      <button type="button" className="user-menu__button" aria-expanded={open} aria-haspopup="dialog" onClick={() => setOpen((current) => !current)}>
        <span className="avatar" aria-hidden="true">
          {userInitials(user)}
        </span>
        <span className="visually-hidden">{t('shell.account', { name })}</span>
        {showName ? (
          <span className="user-menu__name" aria-hidden="true">
            {name}
          </span>
        ) : null}
      </button>
      {open ? (
        <div className="user-menu__popover" role="dialog" aria-label={t('shell.accountMenu')}>
          <div className="user-menu__who">
            <strong>{name}</strong>
            {user.email && user.email !== name ? <span>{user.email}</span> : null}
          </div>
          <Suspense fallback={null}>
            <LanguageSwitcher />
          </Suspense>
          {canSwitch ? (
            <Link to={paths.home.href({ choose: true })} className="user-menu__item">
              {t('shell.switchOrganization')}
            </Link>
          ) : null}
          <button type="button" className="user-menu__item user-menu__signout" onClick={() => void signOut()}>
            {t('shell.signOut')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
