import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useCardSession } from '../account/useCardSession';
import { refreshUnread, setUnread, useUnread } from './unread';

/** White on the site's red (6.6:1). */
const BADGE = {
  display: 'inline-block',
  minWidth: 18,
  marginLeft: 4,
  padding: '0 5px',
  borderRadius: 9,
  background: '#b71c1c',
  color: '#fff',
  fontSize: 12,
  lineHeight: '18px',
  textAlign: 'center',
} as const;

/**
 * The unread count beside 个人中心 in the header. The session is read only after hydration (the server renders
 * every page logged out), so the count is asked for in the browser afterwards and the server's HTML never
 * depends on it; it is asked again on each page the holder opens, so a posting shows without a reload.
 * Plain elements: the header is on every first visit and antd stays in the lazy chunks.
 */
export const UnreadBadge = () => {
  const current = useCardSession();
  const cardNo = current?.cardNo;
  const { pathname } = useLocation();
  const unread = useUnread();

  // biome-ignore lint/correctness/useExhaustiveDependencies: each page opened asks again (`pathname`).
  useEffect(() => {
    if (!cardNo) {
      setUnread(null);
      return;
    }
    void refreshUnread(cardNo);
  }, [cardNo, pathname]);

  if (!cardNo || !unread) return null;
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <span className="unread-badge" data-testid="unread-badge" style={BADGE}>
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">（{unread} 条未读消息）</span>
    </span>
  );
};
