import {
  DeleteWithConfirmButton,
  DeleteWithUndoButton,
  type MutationMode,
  SaveButton,
  Toolbar,
  useCanAccess,
  useRecordContext,
  useResourceContext,
  useSaveContext,
} from 'react-admin';

/**
 * Deletes the form's record, shown only to a role that may. It does what react-admin's `DeleteButton` does,
 * except that it does not hand the record on as a prop: the button it renders passes unknown props down to
 * the DOM, where the record became a `record="[object Object]"` attribute on the delete button.
 */
const DeleteRecordButton = ({ mutationMode }: { mutationMode?: MutationMode }) => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const saveContext = useSaveContext();
  const { canAccess, isPending } = useCanAccess({ action: 'delete', resource, record });
  if (!record || record.id == null || !canAccess || isPending) return null;
  const mode = mutationMode ?? saveContext?.mutationMode ?? 'undoable';
  return mode === 'undoable' ? <DeleteWithUndoButton /> : <DeleteWithConfirmButton mutationMode={mode} />;
};

/** The console forms' toolbar: save on the left, delete (for a role that may) on the right. */
export const FormToolbar = ({ deleteMode }: { deleteMode?: MutationMode }) => (
  <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
    <SaveButton />
    <DeleteRecordButton mutationMode={deleteMode} />
  </Toolbar>
);
