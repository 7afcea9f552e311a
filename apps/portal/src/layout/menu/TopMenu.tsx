import type { CSSProperties } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { isSelected, MENU, type MenuItem, visibleMenu, withCertificationUrl } from './menuItems';

const MenuLink = ({ entry, pathname }: { entry: MenuItem; pathname: string }) => {
  if (entry.outUrl) {
    return (
      <a href={entry.outUrl} target="_blank" rel="noopener noreferrer">
        {entry.title}
        <span className="visually-hidden">（在新窗口打开）</span>
      </a>
    );
  }
  const current = isSelected(entry, pathname);
  return (
    <Link to={entry.url} aria-current={current ? 'page' : undefined} className={current ? 'selected' : undefined}>
      {entry.title}
    </Link>
  );
};

/**
 * The two-level top menu. Plain links in nested lists: the second level opens on hover and on keyboard focus
 * (:focus-within), so Tab alone reaches every item.
 */
export const TopMenu = ({ items = MENU, certificationUrl }: { items?: MenuItem[]; certificationUrl?: string }) => {
  const { pathname } = useLocation();
  const entries = visibleMenu(withCertificationUrl(items, certificationUrl));
  // Each first-level item takes its share of the bar from the count written here, not from how many items the
  // browser has parsed so far: a page painted while its HTML is still arriving would otherwise show the first
  // items wide and narrow them as the rest arrive, which visitors see as the menu jumping.
  const itemCount = { '--menu-items': entries.length } as CSSProperties;
  return (
    <nav className="top-menu" aria-label="主菜单">
      <ul className="top-menu-level1" style={itemCount}>
        {entries.map((entry) => (
          <li key={entry.title} className={entry.children.length > 0 ? 'has-children' : undefined}>
            <MenuLink entry={entry} pathname={pathname} />
            {entry.children.length > 0 && !entry.hideChildren && (
              <ul className="top-menu-level2" aria-label={entry.title}>
                {entry.children.map((child) => (
                  <li key={child.title}>
                    <MenuLink entry={child} pathname={pathname} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
};
