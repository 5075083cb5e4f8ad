/**
 * Every user-facing string of spec.md, in one place. Evident typos of the spec are corrected
 * (docs/deviations.md lists each one). Messages the spec does not give are ours, in the same voice.
 */
export const messages = {
  // Toast titles and fallbacks (spec section 8)
  toastSuccessTitle: 'SUCCESS',
  toastErrorTitle: 'ERROR',
  genericError: 'Error',
  fallbackScreen: 'Unexpected Application Error!',
  loading: 'Loading',
  noRecord: 'No Record Found!',
  /** Under a table wider than the screen (phones): the edge fades show it too. */
  tableScrollHint: 'Scroll sideways to see every column.',
  /** Confirmations before a click that shuts people out (title, consequence, button). */
  confirmWorkspaceDeactivate: (name: string) => `Deactivate ${name}?`,
  confirmWorkspaceDeactivateBody: (name: string, current: boolean) =>
    `Nobody, you included, can work in ${name} until you activate it again from Archived workspaces.${
      current ? ' You are working in it now, so you will be taken back to your own account.' : ''
    } Its public pages (a booking page, a queue board or kiosk) go offline meanwhile. Its records and team are kept.`,
  confirmProjectDeactivate: (name: string) => `Deactivate ${name}?`,
  confirmProjectDeactivateBody: (name: string) =>
    `${name} moves to Archived projects: its milestones and tasks can no longer be changed until someone activates it again.`,
  confirmInvitationRevoke: (email: string) => `Revoke the invitation to ${email}?`,
  confirmInvitationRevokeBody: (email: string) =>
    `The link sent to ${email} stops working at once. To let them in later, send a new invitation.`,
  confirmMemberDeactivate: (name: string) => `Deactivate ${name}?`,
  confirmMemberDeactivateBody: (name: string, workspace: string) =>
    `${name} loses access to ${workspace} until you switch them back on. Their tasks and history stay.`,

  // Sign-in (spec section 5)
  emailRequired: 'Sorry the email is required',
  emailInvalid: 'This is not a valid email',
  passwordRequired: 'Sorry the password is required',
  loginWelcome: 'Welcome !!',
  loginFailed: 'Invalid email or password.',
  loginNotVerified: 'Please verify your email before signing in. We can send you a new code.',
  loginInactive: 'This account is inactive. Contact your administrator.',

  // Register
  registerPasswordMin: 'Password must be at least 6 characters',
  registerPasswordRequired: 'Password is required',
  confirmPasswordRequired: 'Confirm password is required',
  passwordsMustMatch: 'Passwords must match',
  acknowledge: 'Kindly Acknowledge',
  firstNameRequired: 'Sorry the first name is required',
  lastNameRequired: 'Sorry the last name is required',
  registerDone: 'Check your email and validate your account.',
  emailTaken: 'An account with this email already exists. Sign in instead.',
  planUnavailable: 'This plan is not available.',

  // Verify and codes
  codeMin: 'Code must be at least 6 characters',
  codeRequired: 'Code is required',
  codeAlphanumeric: 'Code must contain only letters and digits',
  codeWrong: 'This code is not correct.',
  codeExpired: 'This code has expired. Request a new one.',
  codeDead: 'Too many wrong tries. Request a new code.',
  codeResendTooEarly: 'Please wait before requesting a new code.',
  invitationTooSoon: 'This address was just sent an invitation. Please wait a minute before sending another.',
  codeSent: 'A new code has been sent to your email.',
  verifyNoAttempt: 'No code, or it expired? A new one goes to the browser you signed up in.',
  emailMissingInSession: 'Email is missing in session storage',
  welcome: 'Welcome!',

  // Forgot / new password
  forgotDone: 'Check your email and validate your account.',
  newPasswordMin: 'Password must be at least 6 characters',

  // Sessions
  sessionExpired: 'Your session has ended. Please sign in again.',
  signedOut: 'You are signed out.',

  // Plans
  planPicked: 'Your plan is set. Enjoy your 30-day free trial.',
  planChangeAtCheckout:
    'Your free trial is over or your plan is paid for: change your plan on the billing page, where it is invoiced.',

  // Workspaces (spec sections 5, 7 and 8)
  nameRequired: 'Name is required',
  templateRequired: 'Template is required',
  timeZoneInvalid: 'Not a known time zone (e.g. Africa/Nairobi)',
  currencyInvalid: 'Not a known currency: its ISO code, such as KES, USD or EUR',
  descriptionRequired: 'Description is required',
  workspaceCreated: 'Workspace created',
  updateDone: 'Update done !!!',
  workspaceArchived: 'Workspace Archived!',
  workspaceRestored: 'Workspace restored',
  logoInvalid: 'The logo must be a PNG, JPEG, WebP or GIF image of at most 1 MB.',
  workspaceUnavailable: 'This workspace is archived. Restore it to work in it.',

  // Team and invitations
  invitationSent: 'Invitation sent waiting for user to validate their account.',
  invitationResent: 'Invitation sent again.',
  invitationRevoked: 'Invitation revoked.',
  invitationExpired: 'This invitation has expired. Ask the workspace owner for a new one.',
  invitationClosed: 'This invitation is no longer valid.',
  invitationAlreadyAccepted: 'This invitation has already been accepted.',
  invitationWrongUser:
    'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
  invitationAccepted: 'Welcome to the workspace!',
  invitationStaff:
    'Platform staff accounts cannot join a workspace. Ask for the invitation to be sent to another address.',
  alreadyMember: 'This person is already a member of this workspace.',
  roleRequired: 'Choose a role',
  statusToggled: 'Cool !!!',
  memberRemoved: 'Removed from this workspace.',
  memberInactive: 'Your access to this workspace is inactive. Contact the workspace owner.',
  /** A workspace session whose membership is gone (removed from the team), not made inactive. */
  notAMember: 'You are no longer a member of this workspace. Open another from your workspaces.',
  /** A session put out of its workspace without a refusal's own words. */
  workspaceLost: 'Its owner changed your access to it. Open another from your workspaces.',
  /** The same, the workspace archived: said to whoever worked in it, who may not restore it. */
  workspaceArchivedLost: 'Its owner archived it. Open another from your workspaces.',
  ownerImmutable: 'The owner of the workspace cannot be changed or removed.',
  selfAccessImmutable: 'You cannot change your own role or access: ask the owner or another admin.',
  profileUpdated: 'Profile updated',

  // Projects, milestones, tasks (spec sections 5, 7, 8; typos corrected, see docs/deviations.md)
  dueDateRequired: 'Due Date is required',
  statusRequired: 'Status is required',
  /** A value outside a field's choices (an API caller's; a form's select offers only these). */
  oneOf: (label: string, values: readonly string[]) => `${label} must be one of ${values.join(', ')}`,
  priorityRequired: 'Priority is required',
  assignedToRequired: 'Assigned To is required',
  dueDateInvalid: 'Due Date must be a date',
  /** DUE_DATE_MIN..DUE_DATE_MAX (packages/shared/src/schemas/work.ts). */
  dueDateOutOfRange: 'Due Date must be between 1 Jan 2000 and 31 Dec 2099',
  projectCreated: 'Project created',
  projectArchived: 'Project Archived!',
  projectRestored: 'Project restored',
  milestoneCreated: 'Milestone inserted successfully !!',
  milestoneDeleted: 'Milestone deleted. Its tasks moved to the project.',
  taskCreated: 'Task inserted successfully !!',
  taskDeleted: 'Task deleted.',
  assigneeNotMember: 'Choose a member of this workspace',
  milestoneNotInProject: 'This milestone belongs to another project.',
  milestoneGone: 'This milestone no longer exists. Choose another, or none.',
  projectArchivedNoChanges: 'This project is archived. Restore it to change it.',

  // Plan edit (spec section 5)
  planTitleRequired: 'Sorry the title is required',
  planPriceRequired: 'Sorry the price is required',
  planDescriptionRequired: 'Sorry the description is required',
  planDescriptionMin: 'That is it ? ...write some more',
  planButtonTextRequired: 'Sorry the button text is required',
  planButtonVariantRequired: 'Sorry the button variant is required',
  planMonthRequired: 'Sorry the number month is required',
  planMonthMin: 'A plan lasts at least 1 month',
  planMonthWhole: 'A whole number of months',
  planCreated: 'Plan created',
  freePlanStaysActive: 'The free trial (plan 1) cannot be made inactive: every new account starts on it.',

  // Account pages
  currentPasswordWrong: 'Your current password is not correct.',
  passwordUnchanged: 'The new password must differ from your current one.',
  passwordChanged: 'Password changed. Your other sessions were signed out.',
  sessionRevoked: 'That session is signed out.',
  sessionsRevoked: 'Every other session is signed out.',

  // Platform administration: dashboard and Subscribers (issue 5)
  accountInactive: 'This account has been deactivated. Contact support to restore it.',
  /** The same, to a member: the account is their workspace owner's, who is the one to ask. */
  accountInactiveMember:
    "The account this workspace belongs to has been deactivated. Contact the workspace's owner.",
  subscriberStatusChanged: 'Cool !!!',

  // Subscription lifecycle and billing (issue 5)
  readOnlyAccount:
    'Your free trial has ended. Your data is safe and you can still read and export it; upgrade to a paid plan to create and change records.',
  /** A public page (kiosk, booking page) of a business whose trial or paid period is over. */
  publicReadOnly: 'This business is not taking requests online right now. Please contact it directly.',
  checkoutDone: 'Your plan is changed. An invoice is on its way.',
  checkoutFreePlan: 'The free trial cannot be bought: choose a paid plan.',
  checkoutInactivePlan: 'This plan is no longer offered. Choose another one.',
  readOnlyPaidPeriodEnded:
    'Your paid period has ended. Your data is safe and you can still read and export it; renew your plan to create and change records.',
  upgrade: 'Upgrade',
  changePlan: 'Change plan',
  confirmCheckout: 'Confirm',
  manualInvoiceProvider: 'Invoice (pay within 30 days)',
  noInvoices: 'No invoices yet',
  noInvoicesHint: 'Your invoices appear here once you buy a plan.',
  invoiceMailSubject: 'Your Workhub invoice',

  // Audit log (issue 14, section 3)
  auditTitle: 'Audit log',
  auditIntro:
    'Every sign-in, change of role or status, invitation, deletion, plan change, export and MRP confirmation in this account, newest first.',
  adminAuditTitle: 'Platform audit log',
  adminAuditIntro:
    "Events of the platform: sign-in failures of unknown addresses, plan and subscriber changes. Filter by account to see one account's log.",
  auditEmpty: 'No events yet',
  auditEmptyHint: 'Sign-ins, changes and exports appear here as they happen.',
  auditNoMatch: 'No event matches these filters.',
  auditExport: 'Export CSV',
  auditFilter: 'Filter',
  auditClearFilters: 'Clear',
  auditActionLabel: 'Action',
  auditActorLabel: 'Actor e-mail',
  auditEntityTypeLabel: 'Record type',
  auditFromLabel: 'From',
  auditToLabel: 'To',
  auditAccountLabel: 'Account id',
  auditAnyOption: 'Any',
  auditWhenColumn: 'When',
  auditRecordColumn: 'Record',
  auditChangeColumn: 'Change',
  auditIpColumn: 'IP',
  auditActorColumn: 'Actor',
  auditAccountColumn: 'Account',
  auditPlatformAccount: 'platform',
  auditLoadFailed: 'The audit log could not be loaded',
  auditCardDescription:
    'Who signed in, changed roles, deleted or exported what in your account, and from where.',
  auditCardLink: 'View the audit log',
  adminAuditCardDescription: 'Failed sign-ins, plan and subscriber changes across the platform.',
  adminAuditCardLink: 'View the platform log',
  auditActionInvalid: 'Not an action of the audit log',
  auditEntityTypeInvalid: 'Not a record type of the audit log',
  auditRangeInvalid: 'The end date must be on or after the start date',
  auditActionLabels: {
    'auth.sign_in': 'Signed in',
    'auth.sign_in_failed': 'Sign-in failed',
    'member.role_changed': 'Member role changed',
    'member.status_changed': 'Member status changed',
    'member.removed': 'Member removed',
    'invitation.sent': 'Invitation sent',
    'invitation.resent': 'Invitation resent',
    'invitation.revoked': 'Invitation revoked',
    'invitation.accepted': 'Invitation accepted',
    'workspace.archived': 'Workspace archived',
    'workspace.restored': 'Workspace restored',
    'project.status_changed': 'Project status changed',
    'milestone.deleted': 'Milestone deleted',
    'task.deleted': 'Task deleted',
    'tag.deleted': 'Tag deleted',
    'cbe.deleted': 'School record deleted',
    'plan.created': 'Plan created',
    'plan.changed': 'Plan edited',
    'plan.status_changed': 'Plan status changed',
    'subscriber.status_changed': 'Account status changed',
    'subscription.plan_chosen': 'Plan chosen',
    'billing.checkout': 'Plan bought (checkout)',
    'export.projects': 'Projects exported',
    'export.tasks': 'Tasks exported',
    'export.products': 'Products exported',
    'export.orders': 'Orders exported',
    'export.stock_moves': 'Stock moves exported',
    'export.master_data': 'Catalogs or units exported',
    'export.tickets': 'Queue tickets exported',
    'export.ticketing_services': 'Queue services exported',
    'export.ticketing_counters': 'Queue counters exported',
    'export.audit': 'Audit log exported',
    'export.appointments': 'Salon appointments exported',
    'export.barber_customers': 'Salon customers exported',
    'export.barber_services': 'Salon services exported',
    'export.barber_staff': 'Salon staff exported',
    'export.cbe': 'School records exported',
    'mrp.confirmed': 'MRP proposals confirmed',
  },

  // Plan limits (issue 11)
  planLimitInvalid: 'Leave empty for unlimited, or enter a whole number from 1',
  planLimitWorkspaces: (plan: string, max: number) =>
    `Your ${plan} plan allows ${max} ${max === 1 ? 'workspace' : 'workspaces'}. Upgrade your plan on the billing page to add more.`,
  planLimitMembers: (plan: string, max: number) =>
    `Your ${plan} plan allows ${max} ${max === 1 ? 'member' : 'members'} (pending invitations included). Upgrade your plan on the billing page to add more.`,
  planUsageWorkspaces: 'Workspaces',
  planUsageMembers: 'Members',
  planUsageOf: (used: number, max: number | null) =>
    max === null ? `${used} (unlimited)` : `${used} of ${max}`,
  planLimitsHint: 'Leave empty for unlimited',
  maxWorkspacesLabel: 'Max workspaces',
  maxMembersLabel: 'Max members',
  choosePlan: 'Choose a plan',
  currentPlan: 'Current plan',
  checkoutKeyReused: 'This checkout was already used for another plan. Reload the page and try again.',

  // CSV export of the project and task lists (issue 5)
  exportCsv: 'Export CSV',
  exportCsvHint: 'Download this list, with its filters, as a CSV file',
  exportTruncated: (rows: number) =>
    `The file holds the first ${rows.toLocaleString('en-US')} rows of this list: narrow the filters to export the rest.`,

  // Workspace tags (issue 5)
  tagCreated: 'Tag created',
  tagUpdated: 'Tag updated',
  tagDeleted: 'Tag deleted',
  tagNameRequired: 'Sorry the tag name is required',
  tagColorInvalid: 'Choose a colour like #1e90ff',
  tagNameTaken: 'This workspace already has a tag with that name.',
  tagUnknown: 'One of the tags is not a tag of this workspace.',

  // Sign-in providers (issue 5)
  providerNotConfigured: 'This sign-in provider is not configured on this server.',
  providerFailed: 'The sign-in with that provider did not complete. Please try again.',
  providerEmailUnverified:
    'That provider did not confirm your e-mail address, so we cannot sign you in with it.',
  providerDisabledHint: 'Not configured yet',

  // Field checks every schema shares (issue 11: hostile input)
  textControlCharacters:
    'Must not contain control characters (such as a NUL byte or a right-to-left override).',
  textLineBreak: 'Must be a single line (no line breaks).',
  phoneInvalid: 'A phone number is 7 to 20 characters: digits, spaces, +, - and ( )',
  textMalformed: 'Must be valid text: it holds half of a character (a lone UTF-16 surrogate).',
  dateInvalid: 'Must be a real calendar date (YYYY-MM-DD).',
  idInvalid: 'Not a valid id',
  attemptInvalid: 'Not a sign-up attempt (attempt_id is the value register answered).',
  numberInvalid: 'Must be a whole number',
  numberTooLarge: 'Must be at most 2147483647',
  multipartInvalid: 'The upload is not a complete multipart/form-data request.',

  // Decimal amounts and quantities (schemas/decimal.ts: operations, CBE fees)
  decimalRequired: 'A number is required',
  decimalInvalid: 'Must be a number, like 12.5',
  decimalScale: 'Use at most 4 decimals',
  decimalTooLarge: 'Must be less than 10,000,000,000',
  decimalNegative: 'Must be 0 or more',
  decimalNotPositive: 'Must be more than 0',

  // Generic API errors
  validationFailed: 'Some fields are not valid.',
  /** A field a request left out that its schema gives no message of its own for. */
  fieldRequired: 'This field is required',
  notFound: 'Not found.',
  /** 412 to an edit made against an older version of the record (If-Match, decision 039). */
  editConflict:
    'Someone saved a change to this record after you opened it, so yours was not saved (it would have undone theirs).',
  badAddress: 'The address is not valid: it has a malformed escape or a part that is too long.',
  forbidden: 'You are not allowed to do this.',
  unauthorized: 'Please sign in.',
  tooManyRequests: 'Too many attempts. Please wait and try again.',
  publicMailTooMany:
    'Too many bookings were made for this e-mail address in the last hour. Please try again later, or call the shop.',
  crossSiteRefused:
    'This request came from another website and was refused. Open the app directly and try again.',
  payloadTooLarge: 'The request is too large.',
  alreadyExists: 'This already exists or was just changed by someone else. Reload the page and try again.',
  changedMeanwhile:
    'Something this depends on was just changed by someone else. Reload the page and try again.',
  malformedBody: 'The request body is not valid JSON.',
  serverError: 'Something went wrong on our side. Please try again.',
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
} as const;

export type MessageKey = keyof typeof messages;
