import type { BackLink } from '../../components/data-states.tsx';

/** Where a project's, milestone's or task's page sends the user when its record cannot be loaded. */
export const BACK_TO_PROJECTS: BackLink = { to: '/project/list', label: 'Back to projects' };
