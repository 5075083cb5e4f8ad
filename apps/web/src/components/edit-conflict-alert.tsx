import { Alert, Button, Group, Text } from '@mantine/core';
import { changedFields, type EditVersion } from '../lib/use-edit-version.ts';

type EditConflictAlertProps = {
  /** What the form edits, in lower case: 'task', 'project', 'settings'. */
  what: string;
  /** Whether `what` is a plural ('settings'): these settings, editing them. */
  plural?: boolean | undefined;
  /** The labels of the fields they changed; null while their version is being read. */
  changed: string[] | null;
  /** Puts their version in the form, dropping what was typed. */
  onLoadTheirs: () => void;
  /** The form's button, as the alert tells the user to press it again: 'Save' unless it is another. */
  action?: string | undefined;
};

/**
 * Said above a form's buttons when its save was refused because someone saved the record after the
 * form opened (412 EDIT_CONFLICT, lib/use-edit-version.ts): nothing typed is lost, and the user
 * chooses between saving over their change and taking it.
 */
export const EditConflictAlert = ({
  what,
  plural = false,
  changed,
  onLoadTheirs,
  action = 'Save',
}: EditConflictAlertProps) => (
  <Alert
    color="yellow"
    role="alert"
    title={`Someone else saved ${plural ? 'these' : 'this'} ${what} while you were editing ${plural ? 'them' : 'it'}`}
  >
    <Text size="sm">
      {changed === null
        ? `Your changes are not saved yet. Reading their version of the ${what}…`
        : changed.length > 0
          ? `They changed: ${changed.join(', ')}. Your changes are not saved yet.`
          : 'Your changes are not saved yet.'}{' '}
      {action} again to replace their version with yours, or load theirs (what you typed here is dropped).
    </Text>
    <Group mt="sm">
      <Button size="xs" variant="default" onClick={onLoadTheirs} disabled={changed === null}>
        Load their version
      </Button>
    </Group>
  </Alert>
);

type EditConflictProps<T extends object, V extends object> = {
  /** The form's useEditVersion. */
  edit: EditVersion<T>;
  what: string;
  plural?: boolean | undefined;
  /** A record as the form's values. */
  valuesOf: (record: T) => V;
  /** The fields to name when they differ, as the form labels them. */
  labels: Partial<Record<keyof V, string>>;
  /** Puts values in the form (react-hook-form's reset). */
  load: (values: V) => void;
  action?: string | undefined;
};

/** EditConflictAlert for a form's useEditVersion, while its last save was refused as stale. */
export const EditConflict = <T extends object, V extends object>({
  edit,
  what,
  plural,
  valuesOf,
  labels,
  load,
  action,
}: EditConflictProps<T, V>) => {
  if (!edit.conflicted) return null;
  const { base, theirs } = edit;
  return (
    <EditConflictAlert
      what={what}
      plural={plural}
      action={action}
      changed={theirs === null ? null : base ? changedFields(valuesOf(base), valuesOf(theirs), labels) : []}
      onLoadTheirs={() => {
        const taken = edit.takeTheirs();
        if (taken) load(valuesOf(taken));
      }}
    />
  );
};
