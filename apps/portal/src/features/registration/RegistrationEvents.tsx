import type { EventItem, RegistrationEvent } from '@lianmeng/core';
import { Button, Empty, Skeleton } from 'antd';
import { EventCardHead } from '../match/EventCardHead';
import { CardGrid } from '../review/CardGrid';
import { materialsText, teamSizeText } from './teamFiles';

/**
 * 可报名赛事: the events open for registration and those the institution already has teams in, each with its
 * items, their team size and the attachments they ask for; an item offers 报名 only while the window is open
 * on the server's clock.
 */
export const RegistrationEvents = ({
  events,
  loading,
  onRegister,
}: {
  events: RegistrationEvent[] | null;
  loading: boolean;
  onRegister: (event: RegistrationEvent, item: EventItem) => void;
}) => {
  if (events === null) return loading ? <Skeleton active paragraph={{ rows: 3 }} title={false} /> : null;
  if (events.length === 0) return <Empty description="目前没有可报名的赛事" />;
  return (
    <CardGrid label="可报名赛事" busy={loading} minWidth={300}>
      {events.map((event) => (
        <li key={event.id} className="registration-event" data-testid={`registration-event-${event.id}`}>
          <EventCardHead event={event} headingLevel={3}>
            {event.teamCount > 0 && (
              <>
                <dt>本机构</dt>
                <dd>已报 {event.teamCount} 支队伍</dd>
              </>
            )}
          </EventCardHead>
          {!event.open && <p className="registration-closed">当前不在报名时间内，不能新建队伍。</p>}
          <ul className="registration-items" aria-label={`${event.name}的比赛项目`}>
            {event.items.map((item) => (
              <li key={item.id} className="registration-item">
                <div className="registration-item-text">
                  <strong>{item.name}</strong>
                  <span>每队 {teamSizeText(item)}</span>
                  <span>材料：{materialsText(item)}</span>
                </div>
                {event.open && (
                  <Button
                    type="primary"
                    size="small"
                    // antd spaces out a two-character label (报 名), and the name read out must contain what is shown.
                    autoInsertSpace={false}
                    aria-label={`报名 ${item.name}`}
                    onClick={() => onRegister(event, item)}
                  >
                    报名
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </CardGrid>
  );
};
