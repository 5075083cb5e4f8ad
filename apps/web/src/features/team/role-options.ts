import { INVITABLE_ROLES } from '@workhub/shared/enums';
import { optionsOf, ROLE_LABELS } from '../../lib/labels.ts';

/** The roles an owner can give (never 'owner'), for the Role selects. */
export const ROLE_OPTIONS = optionsOf(INVITABLE_ROLES, ROLE_LABELS);
