import type { ReactNode } from 'react';

/** The set-up page's one modal: a form with its title, or none. */
export type SetupDialog = { title: string; body: ReactNode } | null;
export type SetupTabProps = { open: (d: SetupDialog) => void; mayManage: boolean };
