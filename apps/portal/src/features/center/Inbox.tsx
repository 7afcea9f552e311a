import { api, type InboxMessage } from '@lianmeng/core';
import { Button, Card, Pagination } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { http } from '../../app/api';
import { formatTime } from '../../shared/dates';
import { setUnread } from './unread';
import './center.css';

const PAGE_SIZE = 10;

interface Inbox {
  list: InboxMessage[];
  total: number;
  unread: number;
}

/**
 * 消息: what the credit bank told the holder (a record posted or reversed, an objection answered), newest first.
 * Reading one, or all, lowers the header's count at once.
 */
export const InboxCard = ({ cardNo }: { cardNo: string }) => {
  const [pageNum, setPageNum] = useState(1);
  const [inbox, setInbox] = useState<Inbox | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void http.call(api.creditHolder.messages, { query: { cardNo, pageNum, pageSize: PAGE_SIZE } }).then((result) => {
      if (!live || !result.ok) return;
      setInbox(result.data);
      setUnread(result.data.unread);
    });
    return () => {
      live = false;
    };
  }, [cardNo, pageNum]);

  const markRead = async (ids?: number[]) => {
    setBusy(true);
    const result = await http.call(api.creditHolder.markRead, { body: { cardNo, ids } });
    setBusy(false);
    if (!result.ok) return;
    setUnread(result.data.unread);
    setInbox(
      (old) =>
        old && {
          ...old,
          unread: result.data.unread,
          list: old.list.map((message) =>
            ids === undefined || ids.includes(message.id) ? { ...message, read: true } : message,
          ),
        },
    );
  };

  const unread = inbox?.unread ?? 0;
  return (
    <Card
      title={
        <span data-testid="inbox-title">
          消息{unread > 0 && <span className="inbox-unread">（{unread} 条未读）</span>}
        </span>
      }
      style={{ marginTop: 16 }}
      extra={
        unread > 0 && (
          <Button size="small" disabled={busy} onClick={() => void markRead()}>
            全部标为已读
          </Button>
        )
      }
    >
      {inbox && inbox.list.length === 0 && <p>暂无消息</p>}
      {inbox && inbox.list.length > 0 && (
        <ul className="inbox-list" aria-label="消息列表">
          {inbox.list.map((message) => (
            <li key={message.id} className={message.read ? 'inbox-item' : 'inbox-item inbox-item-unread'}>
              <div className="inbox-item-head">
                <strong>
                  {!message.read && <span className="inbox-new">未读</span>}
                  {message.title}
                </strong>
                <time dateTime={message.createTime}>{formatTime(message.createTime)}</time>
              </div>
              <p>{message.body}</p>
              <div className="inbox-item-actions">
                {message.recordId !== null && <Link to="/creditBank/info">查看学分记录</Link>}
                {!message.read && (
                  <Button size="small" disabled={busy} onClick={() => void markRead([message.id])}>
                    标为已读<span className="visually-hidden">：{message.title}</span>
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {inbox && inbox.total > PAGE_SIZE && (
        <Pagination
          simple
          current={pageNum}
          pageSize={PAGE_SIZE}
          total={inbox.total}
          onChange={(page) => setPageNum(page)}
        />
      )}
    </Card>
  );
};
