import { useState } from 'react';
import { ApiError } from './api-error.ts';

/** The labels of the fields whose values differ between two sets of a form's values. */
export const changedFields = <V extends object>(
  before: V,
  after: V,
  labels: Partial<Record<keyof V, string>>,
): string[] =>
  (Object.keys(labels) as (keyof V)[])
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => labels[key] ?? String(key));

/**
 * The version an edit form saves against (decision 039): the record's `updated_at` (`versionOf`;
 * a workspace's `time_updated`) as the form opened it, sent as `If-Match`. When the API answers 412 EDIT_CONFLICT (someone saved the record
 * in between), `onError` says so (true: the form shows it, not a toast), reads the record as it now
 * is into `theirs` and makes that the version: a second Save replaces their change knowingly, or
 * the form loads theirs. A background refetch of the record does not move the version: only what
 * the user has been shown does.
 */
export const useEditVersion = <T extends object>(
  record: T | undefined,
  versionOf: (record: T) => string,
  reload: () => Promise<T>,
  /** What else shows the record, read again once theirs is read (a dialog's list behind it). */
  refreshAlso?: () => Promise<unknown>,
) => {
  const [version, setVersion] = useState(record && versionOf(record));
  const [conflicted, setConflicted] = useState(false);
  const [theirs, setTheirs] = useState<T | null>(null);
  // What the form's values were loaded from: the record as opened, then theirs once taken.
  const [base, setBase] = useState(record);

  const onError = (error: unknown): boolean => {
    if (!(error instanceof ApiError && error.code === 'EDIT_CONFLICT')) return false;
    setConflicted(true);
    setTheirs(null);
    reload().then(
      (fresh) => {
        setTheirs(fresh);
        setVersion(versionOf(fresh));
        void refreshAlso?.();
      },
      // Not readable now (gone, or the network): the alert stays, and Save answers what is true.
      () => {},
    );
    return true;
  };

  return {
    version,
    /** Whether the last save was refused as made against an older version. */
    conflicted,
    /** The record as it was read after the refusal (null until it arrives). */
    theirs,
    /** The record the form's values came from (to say what they changed). */
    base,
    onError,
    /** The form saved `record` and stays open (a later step failed): its next save is made against it. */
    saved: (record: T) => {
      setVersion(versionOf(record));
      setBase(record);
    },
    /** Their version, for the form to load; the conflict is over. */
    takeTheirs: (): T | null => {
      if (theirs) setBase(theirs);
      setConflicted(false);
      setTheirs(null);
      return theirs;
    },
  };
};

export type EditVersion<T extends object> = ReturnType<typeof useEditVersion<T>>;
