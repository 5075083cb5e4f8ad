import type { Template } from '@workhub/shared/enums';
import type { ModuleKey } from '@workhub/shared/modules';
import type { Auth } from '@workhub/shared/permissions';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { authOf } from '../../lib/auth.ts';
import { useSession } from '../../lib/use-session.ts';
import { HOME_PATH } from './access.ts';
import { decideModuleAccess, decideTemplateAccess, type TemplateDecision } from './template-access.ts';

type DecidedProps = { decide: (auth: Auth) => TemplateDecision; children: ReactNode };

const Decided = ({ decide, children }: DecidedProps) => {
  const session = useSession();
  if (session.status !== 'signed_in') return <Navigate to={HOME_PATH} replace />;
  const decision = decide(authOf(session));
  return decision.kind === 'allow' ? children : <Navigate to={decision.to} replace />;
};

type RequireTemplateProps = { template: Template; children: ReactNode };

/** Shows a template's dashboard only inside a workspace of that template (see template-access.ts). */
export const RequireTemplate = ({ template, children }: RequireTemplateProps) => (
  <Decided decide={(auth) => decideTemplateAccess(auth, template)}>{children}</Decided>
);

export type RequireModuleProps = { module: ModuleKey; children: ReactNode };

/** Shows a module's page only inside a workspace whose template includes the module. */
export const RequireModule = ({ module, children }: RequireModuleProps) => (
  <Decided decide={(auth) => decideModuleAccess(auth, module)}>{children}</Decided>
);
