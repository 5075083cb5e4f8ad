import type { Template } from '@workhub/shared/enums';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { authOf } from '../../lib/auth.ts';
import { useSession } from '../../lib/use-session.ts';
import { HOME_PATH } from './access.ts';
import { decideTemplateAccess } from './template-access.ts';

type RequireTemplateProps = { template: Template; children: ReactNode };

/** Shows a template's dashboard only inside a workspace of that template (see template-access.ts). */
export const RequireTemplate = ({ template, children }: RequireTemplateProps) => {
  const session = useSession();
  if (session.status !== 'signed_in') return <Navigate to={HOME_PATH} replace />;
  const decision = decideTemplateAccess(authOf(session), template);
  return decision.kind === 'allow' ? children : <Navigate to={decision.to} replace />;
};
