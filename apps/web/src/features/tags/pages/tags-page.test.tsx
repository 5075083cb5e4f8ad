import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeSubscription, fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { ifMatchOf, routeFetch } from '../../../test/route-fetch.ts';
import { rowWith } from '../../../test/table.ts';
import { fakeTag, fakeTags, ids, page } from '../../../test/work-fixtures.ts';
import { TagsPage } from './tags-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const bodyOf = (method: string) => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === method);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

const renderTags = () => {
  signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
  return renderWithData(<TagsPage />, '/tags');
};

describe('TagsPage', { timeout: 15_000 }, () => {
  it('lists the tags with their colour, name and how many projects and tasks carry them', async () => {
    routeFetch(fetchMock, { 'GET /api/tags': () => jsonResponse(200, page(fakeTags())) });
    renderTags();
    expect(screen.getByRole('heading', { name: 'Tags' })).toBeTruthy();
    expect(screen.getByText(messages.loading)).toBeTruthy();
    await screen.findByText('Urgent');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Colour',
      'Name',
      'Used by',
      'Actions',
    ]);
    expect(rowWith('Urgent').getByText('2 projects / 1 task')).toBeTruthy();
    expect(rowWith('Urgent').getByLabelText('Colour #e03131')).toBeTruthy();
    expect(rowWith('Client A').getByText('0 projects / 0 tasks')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/tags?page=1&limit=14');
  });

  it('says when there are no tags yet, and when they could not be loaded', async () => {
    routeFetch(fetchMock, { 'GET /api/tags': () => jsonResponse(200, page([])) });
    const { unmount } = renderTags();
    expect(await screen.findByText('No tags yet')).toBeTruthy();
    unmount();
    routeFetch(fetchMock, {
      'GET /api/tags': () => jsonResponse(403, { error: { code: 'FORBIDDEN', message: messages.forbidden } }),
    });
    renderTags();
    expect(await screen.findByText('The tags could not be loaded')).toBeTruthy();
    expect(screen.getByText(messages.forbidden)).toBeTruthy();
  });

  it("creates a tag: checks the name and the colour, then says 'Tag created'", async () => {
    const user = userEvent.setup();
    routeFetch(fetchMock, {
      'GET /api/tags': () => jsonResponse(200, page([])),
      'POST /api/tags': () =>
        jsonResponse(201, { message: messages.tagCreated, data: fakeTag({ name: 'Client B' }) }),
    });
    renderTags();
    await user.click((await screen.findAllByRole('button', { name: '+ New Tag' }))[0] as HTMLElement);
    const dialog = within(await screen.findByRole('dialog', { name: 'New tag' }));
    const colour = dialog.getByLabelText('Colour') as HTMLInputElement;
    await user.clear(colour);
    await user.type(colour, 'blue');
    await user.click(dialog.getByRole('button', { name: 'Create tag' }));
    expect(await dialog.findByText(messages.tagNameRequired)).toBeTruthy();
    expect(dialog.getByText(messages.tagColorInvalid)).toBeTruthy();
    expect(bodyOf('POST')).toBeUndefined();

    await user.type(dialog.getByLabelText('Name'), ' Client B ');
    await user.clear(colour);
    await user.type(colour, '#1E90FF');
    await user.click(dialog.getByRole('button', { name: 'Create tag' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.tagCreated));
    expect(bodyOf('POST')).toEqual({ name: 'Client B', color: '#1e90ff' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New tag' })).toBeNull());
  });

  it('says a colour is not one once the user leaves it, before any save, and takes it back once it is', async () => {
    const user = userEvent.setup();
    routeFetch(fetchMock, { 'GET /api/tags': () => jsonResponse(200, page([])) });
    renderTags();
    await user.click((await screen.findAllByRole('button', { name: '+ New Tag' }))[0] as HTMLElement);
    const dialog = within(await screen.findByRole('dialog', { name: 'New tag' }));
    const colour = dialog.getByLabelText('Colour') as HTMLInputElement;
    await user.clear(colour);
    await user.type(colour, 'blue');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialog.queryByText(messages.tagColorInvalid)).toBeNull();
    await user.tab();
    expect(await dialog.findByText(messages.tagColorInvalid)).toBeTruthy();
    // Only the field left: Name was never touched.
    expect(dialog.queryByText(messages.tagNameRequired)).toBeNull();
    await user.clear(colour);
    await user.type(colour, '#1E90FF');
    await waitFor(() => expect(dialog.queryByText(messages.tagColorInvalid)).toBeNull());
    expect(bodyOf('POST')).toBeUndefined();
  });

  it('shows a taken name under Name and keeps the dialog open', async () => {
    const user = userEvent.setup();
    routeFetch(fetchMock, {
      'GET /api/tags': () => jsonResponse(200, page(fakeTags())),
      'POST /api/tags': () =>
        jsonResponse(409, {
          error: {
            code: 'CONFLICT',
            message: messages.tagNameTaken,
            fields: { name: messages.tagNameTaken },
          },
        }),
    });
    renderTags();
    await screen.findByText('Urgent');
    await user.click(screen.getByRole('button', { name: '+ New Tag' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New tag' }));
    await user.type(dialog.getByLabelText('Name'), 'urgent');
    await user.click(dialog.getByRole('button', { name: 'Create tag' }));
    expect(await dialog.findByText(messages.tagNameTaken)).toBeTruthy();
    expect(notify.error).toHaveBeenCalledWith(messages.tagNameTaken);
    expect(notify.success).not.toHaveBeenCalled();
  });

  it("edits a tag from its values and says 'Tag updated'", async () => {
    const user = userEvent.setup();
    routeFetch(fetchMock, {
      'GET /api/tags': () => jsonResponse(200, page(fakeTags())),
      [`PATCH /api/tags/${ids.urgent}`]: () =>
        jsonResponse(200, { message: messages.tagUpdated, data: fakeTag({ name: 'Very urgent' }) }),
    });
    renderTags();
    await screen.findByText('Urgent');
    await user.click(screen.getByRole('button', { name: 'Edit Urgent' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit tag' }));
    const name = dialog.getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Urgent');
    expect((dialog.getByLabelText('Colour') as HTMLInputElement).value).toBe('#e03131');
    await user.clear(name);
    await user.type(name, 'Very urgent');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.tagUpdated));
    expect(bodyOf('PATCH')).toEqual({ name: 'Very urgent', color: '#e03131' });
  });

  it('edits against the version it opened; on a 412 names what they changed and loads theirs', async () => {
    const user = userEvent.setup();
    const opened = fakeTag({ updated_at: '2026-05-01T08:00:00.125Z' });
    const theirs = fakeTag({ color: '#2f9e44', updated_at: '2026-05-01T08:04:00.000Z' });
    const ifMatches: string[] = [];
    routeFetch(fetchMock, {
      'GET /api/tags': () => jsonResponse(200, page([opened])),
      [`GET /api/tags/${ids.urgent}`]: () => jsonResponse(200, { data: theirs }),
      [`PATCH /api/tags/${ids.urgent}`]: (init) => {
        ifMatches.push(ifMatchOf(init));
        return jsonResponse(412, { error: { code: 'EDIT_CONFLICT', message: messages.editConflict } });
      },
    });
    renderTags();
    await user.click(await screen.findByRole('button', { name: 'Edit Urgent' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit tag' }));
    const name = dialog.getByLabelText('Name') as HTMLInputElement;
    await user.clear(name);
    await user.type(name, 'Very urgent');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    const alert = within(await dialog.findByRole('alert'));
    await alert.findByText(/They changed: Colour\./);
    expect(ifMatches).toEqual([`"${opened.updated_at}"`]);
    expect(name.value).toBe('Very urgent');
    expect(notify.error).not.toHaveBeenCalled();
    await user.click(alert.getByRole('button', { name: 'Load their version' }));
    await waitFor(() => expect((dialog.getByLabelText('Colour') as HTMLInputElement).value).toBe('#2f9e44'));
    expect((dialog.getByLabelText('Name') as HTMLInputElement).value).toBe('Urgent');
  });

  it("deletes a tag after asking, says 'Tag deleted'; Cancel deletes nothing", async () => {
    const user = userEvent.setup();
    let deleted = false;
    routeFetch(fetchMock, {
      'GET /api/tags': () => jsonResponse(200, page(deleted ? [fakeTags()[0]] : fakeTags())),
      [`DELETE /api/tags/${ids.urgent}`]: () => {
        deleted = true;
        return jsonResponse(200, { message: messages.tagDeleted });
      },
    });
    renderTags();
    await screen.findByText('Urgent');
    await user.click(screen.getByRole('button', { name: 'Delete Urgent' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Delete Urgent?' }));
    expect(dialog.getByText(/The projects and tasks that carry it lose it/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Urgent' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Delete Urgent?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete tag' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.tagDeleted));
    await waitFor(() => expect(screen.queryByText('Urgent')).toBeNull());
    expect(screen.getByText('Client A')).toBeTruthy();
  });
});

describe('TagsPage: read-only account', () => {
  it('lists the tags without + New Tag, Edit or Delete', async () => {
    const session = fakeWorkspaceAuthSession('workspace', 'owner');
    signIn({
      ...session,
      user: { ...session.user, subscription: fakeSubscription({ access: 'read_only', days_left: 0 }) },
    });
    routeFetch(fetchMock, { 'GET /api/tags': () => jsonResponse(200, page(fakeTags())) });
    renderWithData(<TagsPage />, '/tags');
    await screen.findByText('Urgent');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Colour',
      'Name',
      'Used by',
    ]);
    expect(screen.queryByRole('button', { name: '+ New Tag' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Urgent' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Urgent' })).toBeNull();
  });
});
