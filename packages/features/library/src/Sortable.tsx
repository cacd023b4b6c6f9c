import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from '@grandstand/i18n';
import { Button } from '@grandstand/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: var(--gs-space-xs);
`;

const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--gs-space-xs) var(--gs-space-sm);
  padding: var(--gs-space-xs) var(--gs-space-sm);
  border: 1px solid var(--gs-border);
  border-radius: var(--gs-radius-md);
  background: var(--gs-surface);
  color: var(--gs-surface-text);
`;

const Handle = styled.button`
  cursor: grab;
  min-width: 2.75rem;
  min-height: 2.75rem;
  border: 1px dashed var(--gs-border);
  border-radius: var(--gs-radius-sm);
  background: transparent;
  color: inherit;
  font-size: 1.25rem;
  touch-action: none;
  &:focus-visible {
    outline: 3px solid var(--gs-focus, currentColor);
    outline-offset: 2px;
  }
`;

const Label = styled.span`
  flex: 1 1 10rem;
  min-width: 0;
  overflow-wrap: anywhere;
`;

export interface SortableEntry {
  id: number;
  title: string;
  /** What else the row holds (its own buttons). */
  extra?: ReactNode;
}

function SortableRow({ entry, index, count, move }: { entry: SortableEntry; index: number; count: number; move: (from: number, to: number) => void }) {
  const { t } = useTranslation('library');
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: entry.id });
  return (
    <Row ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.7 : 1 }}>
      <Handle type="button" {...attributes} {...listeners} aria-label={t('rails.drag', { title: entry.title })}>
        ⠿
      </Handle>
      <Label>{entry.title}</Label>
      <Button type="button" size="sm" variant="secondary" disabled={index === 0} aria-label={t('rails.moveUp', { title: entry.title })} onClick={() => move(index, index - 1)}>
        {t('rails.up')}
      </Button>
      <Button type="button" size="sm" variant="secondary" disabled={index === count - 1} aria-label={t('rails.moveDown', { title: entry.title })} onClick={() => move(index, index + 1)}>
        {t('rails.down')}
      </Button>
      {entry.extra}
    </Row>
  );
}

export interface SortableListProps {
  label: string;
  entries: SortableEntry[];
  /** The new order of ids, after a drag or a button. */
  onOrder: (ids: number[], moved: { title: string; position: number }) => void;
}

/**
 * A list ordered by drag and drop (`@dnd-kit`: a pointer, or the handle's keyboard: space, the
 * arrows, space again) and by its Up and Down buttons.
 */
export function SortableList({ label, entries, onOrder }: SortableListProps) {
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = entries.map((entry) => entry.id);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= entries.length || from === to) return;
    onOrder(arrayMove(ids, from, to), { title: entries[from]!.title, position: to + 1 });
  };
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={end}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <List aria-label={label}>
          {entries.map((entry, index) => (
            <SortableRow key={entry.id} entry={entry} index={index} count={entries.length} move={move} />
          ))}
        </List>
      </SortableContext>
    </DndContext>
  );
}
