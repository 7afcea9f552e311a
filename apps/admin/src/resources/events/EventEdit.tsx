import { Edit } from 'react-admin';
import { EventForm } from './EventForm';

/** Change an event, its items (an existing item keeps its id, so what hangs on it stays) or whether it is public. */
export const EventEdit = () => (
  <Edit title="编辑赛事" redirect="list" mutationMode="pessimistic">
    <EventForm />
  </Edit>
);

export default EventEdit;
