import { expect, type Page, test } from '@playwright/test';
import { APP_URL } from '../playwright.config.ts';
import { apiCreateWorkspace, apiInviteAndAccept, apiSignIn } from './support/api.ts';
import { createVerifiedUser, shot, signIn, toast, uniqueEmail } from './support/helpers.ts';

const WORKER_PASSWORD = 'worker-pass-1';
const FUTURE = '2099-01-15';

/** An owner with a workspace 'Delivery' and an invited worker 'Wendy Worker'. */
async function ownerWithWorker(prefix: string) {
  const owner = await createVerifiedUser(APP_URL, prefix);
  const session = await apiCreateWorkspace(await apiSignIn(APP_URL, owner.email, owner.password), 'Delivery');
  const workerEmail = uniqueEmail(`${prefix}-worker`);
  await apiInviteAndAccept(session, {
    email: workerEmail,
    first_name: 'Wendy',
    last_name: 'Worker',
    role: 'worker',
    password: WORKER_PASSWORD,
  });
  return { owner, workerEmail };
}

async function openWorkspace(page: Page, email: string, password: string, name: string) {
  await signIn(page, email, password);
  // Signing in reopens the workspace used last: the one the API set up (or the invitation opened).
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('current-workspace-name')).toHaveText(name);
}

async function createProject(page: Page, name: string) {
  await page.goto('/project/list');
  await page.getByRole('link', { name: '+ New Project' }).first().click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description').fill(`${name}: everything it takes.`);
  await page.getByLabel('Due Date').fill(FUTURE);
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'In progress' });
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(toast(page, 'SUCCESS', 'Project created')).toBeVisible();
  await expect(page).toHaveURL(/\/project\/list/);
}

async function createMilestone(page: Page, project: string, name: string) {
  await page.goto('/project/list');
  await page
    .getByRole('row')
    .filter({ hasText: project })
    .getByRole('link', { name: 'View milestones' })
    .click();
  await page.getByRole('link', { name: '+ New Milestone' }).first().click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description').fill(`${name} of ${project}.`);
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Not started' });
  await page.getByLabel('Due Date').fill(FUTURE);
  await page.getByRole('button', { name: 'Create milestone' }).click();
  await expect(toast(page, 'SUCCESS', 'Milestone inserted successfully !!')).toBeVisible();
}

async function createTask(page: Page, task: { name: string; worker: string; milestone?: string }) {
  await page.getByRole('link', { name: '+ New Task' }).first().click();
  await page.getByLabel('Name', { exact: true }).fill(task.name);
  await page.getByLabel('Description').fill(`Do ${task.name}.`);
  await page.getByLabel('Select a worker').selectOption({ label: task.worker });
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Pending' });
  await page.getByLabel('Due Date').fill(FUTURE);
  await page.getByLabel('Priority').selectOption({ label: 'High' });
  if (task.milestone) await page.getByLabel('Milestone').selectOption({ label: task.milestone });
  await page.getByRole('button', { name: 'Create task' }).click();
  await expect(toast(page, 'SUCCESS', 'Task inserted successfully !!')).toBeVisible();
}

test('a project, a milestone and three tasks; the worker completes theirs and completion moves', async ({
  browser,
}) => {
  const { owner, workerEmail } = await ownerWithWorker('work');
  const ownerPage = await (await browser.newContext()).newPage();
  await openWorkspace(ownerPage, owner.email, owner.password, 'Delivery');

  await createProject(ownerPage, 'Launch');
  await createMilestone(ownerPage, 'Launch', 'Beta');
  await ownerPage.goto('/project/list');
  await ownerPage
    .getByRole('row')
    .filter({ hasText: 'Launch' })
    .getByRole('link', { name: 'View tasks' })
    .click();
  await createTask(ownerPage, { name: 'Write the docs', worker: 'Wendy Worker', milestone: 'Beta' });
  await createTask(ownerPage, { name: 'Ship the build', worker: 'Ada work' });
  await createTask(ownerPage, { name: 'Tell the press', worker: 'Ada work' });
  const rows = ownerPage.getByRole('row');
  await expect(rows.filter({ hasText: 'Write the docs' })).toContainText('Milestone Name: Beta');
  await expect(rows.filter({ hasText: 'Ship the build' })).toContainText('Project Name: Launch');
  await shot(ownerPage, '60-task-list');

  await ownerPage.goto('/workspace/list');
  await expect(ownerPage.getByRole('progressbar', { name: 'Completion of Delivery' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );

  // The worker sees only their task and marks it completed.
  const workerPage = await (await browser.newContext()).newPage();
  await openWorkspace(workerPage, workerEmail, WORKER_PASSWORD, 'Delivery');
  await workerPage
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'My tasks' })
    .click();
  await expect(workerPage.getByRole('row').filter({ hasText: 'Write the docs' })).toBeVisible();
  await expect(workerPage.getByRole('row').filter({ hasText: 'Ship the build' })).toHaveCount(0);
  await expect(workerPage.getByRole('link', { name: '+ New Task' })).toHaveCount(0);
  await workerPage.getByLabel('Change status of Write the docs').selectOption({ label: 'Completed' });
  await expect(toast(workerPage, 'SUCCESS', 'Update done !!!')).toBeVisible();
  await shot(workerPage, '61-worker-my-tasks');

  // The top bar's search: of the three tasks named with 'the', the worker finds only their own.
  const workerSearch = workerPage.getByRole('searchbox', { name: 'Search this workspace' });
  await workerSearch.fill('the');
  await workerSearch.press('Enter');
  await expect(workerPage).toHaveURL(/\/search\?q=the$/);
  const workerFound = workerPage.getByRole('table', { name: 'Tasks found' });
  await expect(workerFound.getByRole('row').filter({ hasText: 'Write the docs' })).toBeVisible();
  await expect(workerFound.getByRole('row')).toHaveCount(2);

  // One of three completed: the owner sees 33% on the workspace list and the dashboard.
  await ownerPage.goto('/workspace/list');
  await expect(ownerPage.getByRole('progressbar', { name: 'Completion of Delivery' })).toHaveAttribute(
    'aria-valuenow',
    '33',
  );
  await ownerPage.goto('/dashboard');
  await expect(ownerPage.getByText('33%').first()).toBeVisible();
  await shot(ownerPage, '62-dashboard-completion');

  // The owner's search finds the project and all three tasks, and opens one.
  const ownerSearch = ownerPage.getByRole('searchbox', { name: 'Search this workspace' });
  await ownerSearch.fill('the');
  await ownerSearch.press('Enter');
  const ownerFound = ownerPage.getByRole('table', { name: 'Tasks found' });
  await expect(ownerFound.getByRole('row')).toHaveCount(4);
  await shot(ownerPage, '65-search');
  await ownerFound.getByRole('link', { name: 'Tell the press' }).click();
  await expect(ownerPage).toHaveURL(/\/task\/view\//);
  await expect(ownerPage.getByRole('heading', { name: 'Tell the press' })).toBeVisible();
  await ownerSearch.fill('laun');
  await ownerSearch.press('Enter');
  await ownerPage.getByRole('region', { name: 'Projects' }).getByRole('link', { name: 'Launch' }).click();
  await expect(ownerPage).toHaveURL(/\/task\/[0-9a-f-]{36}$/);
});

test('an owner archives a project and restores it', async ({ page }) => {
  const owner = await createVerifiedUser(APP_URL, 'projarchive');
  await apiCreateWorkspace(await apiSignIn(APP_URL, owner.email, owner.password), 'Delivery');
  await openWorkspace(page, owner.email, owner.password, 'Delivery');
  await createProject(page, 'Old plan');

  await page
    .getByRole('row')
    .filter({ hasText: 'Old plan' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await page
    .getByRole('dialog', { name: 'Deactivate Old plan?' })
    .getByRole('button', { name: 'Deactivate project' })
    .click();
  await expect(toast(page, 'SUCCESS', 'Project Archived!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Old plan' })).toHaveCount(0);

  await page.goto('/project/archived');
  await expect(page.getByRole('row').filter({ hasText: 'Old plan' })).toBeVisible();
  await shot(page, '63-project-archived');
  await page
    .getByRole('row')
    .filter({ hasText: 'Old plan' })
    .getByRole('button', { name: 'Activate' })
    .click();
  await expect(toast(page, 'SUCCESS', 'Project restored')).toBeVisible();
  await page.goto('/project/list');
  await expect(page.getByRole('row').filter({ hasText: 'Old plan' })).toContainText('In progress');
});

test('deleting a milestone moves its tasks to the project', async ({ page }) => {
  const { owner } = await ownerWithWorker('msdelete');
  await openWorkspace(page, owner.email, owner.password, 'Delivery');
  await createProject(page, 'Rollout');
  await createMilestone(page, 'Rollout', 'Phase one');
  await page
    .getByRole('row')
    .filter({ hasText: 'Phase one' })
    .getByRole('link', { name: 'View tasks' })
    .click();
  await createTask(page, { name: 'Train the staff', worker: 'Wendy Worker', milestone: 'Phase one' });

  await page.goto('/project/list');
  await page
    .getByRole('row')
    .filter({ hasText: 'Rollout' })
    .getByRole('link', { name: 'View milestones' })
    .click();
  await page
    .getByRole('row')
    .filter({ hasText: 'Phase one' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('they move to the project Rollout');
  await shot(page, '64-milestone-delete');
  await dialog.getByRole('button', { name: 'Delete milestone' }).click();
  await expect(toast(page, 'SUCCESS', 'Milestone deleted. Its tasks moved to the project.')).toBeVisible();

  await page.goto('/project/list');
  await page
    .getByRole('row')
    .filter({ hasText: 'Rollout' })
    .getByRole('link', { name: 'View tasks' })
    .click();
  await expect(page.getByRole('row').filter({ hasText: 'Train the staff' })).toContainText(
    'Project Name: Rollout',
  );
});
