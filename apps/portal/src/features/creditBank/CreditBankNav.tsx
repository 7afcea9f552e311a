import { WORKBENCH_PATHS } from '@lianmeng/core/session';
import { Link, useLocation } from 'react-router-dom';
import { useCardSession } from '../account/useCardSession';

const ENTRIES = [
  { path: '/creditBank/info', title: '我的学分', flag: null },
  { path: WORKBENCH_PATHS.institution, title: '机构工作台', flag: 'institution' },
  { path: WORKBENCH_PATHS.review, title: '审核工作台', flag: 'operator' },
] as const;

/**
 * The credit bank's own menu: every holder's records, and the workbenches only for the accounts whose flags
 * open them. Shown only when there is more than one entry: an ordinary holder has just the records page.
 */
export const CreditBankNav = () => {
  const current = useCardSession();
  const { pathname } = useLocation();
  const entries = ENTRIES.filter((entry) => entry.flag === null || current?.[entry.flag] === true);
  if (entries.length < 2) return null;
  return (
    <nav aria-label="学分银行菜单" className="credit-bank-nav">
      <ul style={{ display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', padding: 0, margin: '0 0 16px' }}>
        {entries.map((entry) => {
          const here = pathname === entry.path;
          return (
            <li key={entry.path}>
              <Link
                to={entry.path}
                aria-current={here ? 'page' : undefined}
                style={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  minHeight: 40,
                  padding: '0 16px',
                  borderRadius: 6,
                  border: '1px solid #d9d9d9',
                  textDecoration: 'none',
                  fontWeight: here ? 600 : undefined,
                  background: here ? 'var(--brand, #1677ff)' : '#fff',
                  color: here ? '#fff' : 'inherit',
                }}
              >
                {entry.title}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
};
