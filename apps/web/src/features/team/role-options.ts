import { INVITABLE_ROLES } from '@workhub/shared/enums';
import { ROLE_LABELS } from '../../lib/labels.ts';

/** The roles an owner can give (never 'owner'), for the Role selects. */
export const ROLE_OPTIONS = INVITABLE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
