import { EVENT_LIMITS } from '@lianmeng/core';
import { Create } from 'react-admin';
import { EventForm, NEW_ITEM } from './EventForm';

/** A new event starts hidden, with one item to fill in: it shows on /match once made public. */
export const EventCreate = () => (
  <Create
    title="新建赛事"
    redirect="list"
    record={{
      description: '',
      objectionDays: EVENT_LIMITS.objectionDays.default,
      items: [NEW_ITEM],
      visible: false,
    }}
  >
    <EventForm />
  </Create>
);

export default EventCreate;
