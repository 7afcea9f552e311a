import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type ScreenReaderInstructions,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { Box, IconButton, ListItem, List as MuiList, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import {
  type Identifier,
  RecordContextProvider,
  useDataProvider,
  useListContext,
  useResourceContext,
} from 'react-admin';
import type { ConsoleDataProvider } from '../../providers/dataProvider';
import { useNotifyText } from '../useNotifyText';
import { WindowStateChip } from './showingWindow';

interface OrderItem {
  id: Identifier;
  photoTitle: string;
  photoAddress: string;
  smallPhotoAddress: string;
}

const instructions: ScreenReaderInstructions = {
  draggable: '按空格键拿起，用上下方向键移动，再按空格键放下；按 Esc 键取消。',
};

const titleOf = (items: OrderItem[], id: Identifier | undefined) =>
  items.find((item) => item.id === id)?.photoTitle ?? '';

/** Spoken as an item moves, so a keyboard or screen-reader user knows where it is. */
const announcementsFor = (items: OrderItem[]): Announcements => {
  const position = (id: Identifier | undefined) => items.findIndex((item) => item.id === id) + 1;
  return {
    onDragStart: ({ active }) => `已拿起「${titleOf(items, active.id)}」，位于第 ${position(active.id)} 位`,
    onDragOver: ({ active, over }) =>
      over
        ? `「${titleOf(items, active.id)}」移到第 ${position(over.id)} 位`
        : `「${titleOf(items, active.id)}」不在列表上`,
    onDragEnd: ({ active, over }) =>
      over
        ? `「${titleOf(items, active.id)}」放在第 ${position(over.id)} 位`
        : `「${titleOf(items, active.id)}」已放回`,
    onDragCancel: ({ active }) => `已取消，「${titleOf(items, active.id)}」回到原位`,
  };
};

const SortableRow = ({ item, position }: { item: OrderItem; position: number }) => {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
  });
  return (
    <ListItem
      ref={setNodeRef}
      data-testid="order-row"
      sx={{
        transform: CSS.Transform.toString(transform),
        transition,
        gap: 2,
        // On a phone the title moves under the picture rather than shrinking to a character a line.
        flexWrap: 'wrap',
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`拖动调整「${item.photoTitle}」的顺序（第 ${position} 位）`}
        sx={{ cursor: 'grab', touchAction: 'none' }}
      >
        <DragIndicatorIcon />
      </IconButton>
      <Typography sx={{ width: '2em', color: 'text.secondary' }}>{position}</Typography>
      <img
        src={item.smallPhotoAddress || item.photoAddress}
        alt=""
        style={{ maxWidth: 120, maxHeight: 50, objectFit: 'contain' }}
      />
      <Typography sx={{ flex: '1 1 8em' }}>{item.photoTitle}</Typography>
      <WindowStateChip />
    </ListItem>
  );
};

/**
 * The list's rows in display order, dragged by their handles with the mouse or moved with the keyboard
 * (space, arrows, space). Each drop saves at once through imageMsgReorder; a refusal puts the rows back.
 */
export const OrderList = () => {
  const resource = useResourceContext() ?? '';
  const { data, refetch } = useListContext<OrderItem>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotifyText();
  const [items, setItems] = useState<OrderItem[]>(data ?? []);
  const [saving, setSaving] = useState(false);
  useEffect(() => setItems(data ?? []), [data]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const before = items;
    const from = items.findIndex((item) => item.id === active.id);
    const to = items.findIndex((item) => item.id === over.id);
    const next = arrayMove(items, from, to);
    setItems(next);
    setSaving(true);
    try {
      await dataProvider.reorder(
        resource,
        next.map((item) => item.id),
      );
      notify('顺序已保存', 'info');
      await refetch();
    } catch (error) {
      setItems(before);
      notify(`${error instanceof Error ? error.message : '顺序未保存'}（已恢复原顺序）`, 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box aria-busy={saving}>
      <Typography variant="body2" sx={{ p: 2, color: 'text.secondary' }}>
        拖动左侧的把手调整前台展示顺序，或用 Tab 键选中把手后按空格键拿起、上下方向键移动、空格键放下。松开即保存。
      </Typography>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements: announcementsFor(items), screenReaderInstructions: instructions }}
      >
        <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
          <MuiList aria-label="展示顺序" disablePadding>
            {items.map((item, index) => (
              <RecordRow key={item.id} item={item} position={index + 1} />
            ))}
          </MuiList>
        </SortableContext>
      </DndContext>
    </Box>
  );
};

/** Gives each row its record, so the row's state chip reads it as the list's cells do. */
const RecordRow = ({ item, position }: { item: OrderItem; position: number }) => (
  <RecordContextProvider value={item}>
    <SortableRow item={item} position={position} />
  </RecordContextProvider>
);
