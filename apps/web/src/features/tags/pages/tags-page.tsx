import { Button, Modal, Paper, Text } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import type { Tag } from '@workhub/shared/schemas/tags';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyList, QueryState } from '../../../components/data-states.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { usePageInRange, usePageParam } from '../../../lib/use-page-param.ts';
import { useDeleteTag } from '../api/delete-tag.ts';
import { useTagPage } from '../api/get-tags.ts';
import { TagForm } from '../components/tag-form.tsx';
import { TagTable } from '../components/tag-table.tsx';

/** The dialog open: a new tag, or the tag being edited. */
type Editing = { tag?: Tag } | null;

/**
 * /tags (Settings > Tags, spec section 2): the workspace's tags, which projects and tasks carry.
 * Owners and admins create, edit and delete them (the route lets in only who may: routes.tsx).
 */
export const TagsPage = () => {
  useDocumentTitle('Tags');
  const [page, setPage] = usePageParam();
  const tags = useTagPage(page);
  usePageInRange(tags.data?.meta);
  const remove = useDeleteTag();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  // A read-only account reads its tags but neither creates, edits nor deletes them.
  const mayManage = useMay()('tags:manage');

  const onConfirmDelete = async () => {
    if (!deleting) return;
    try {
      const answer = await remove.mutateAsync(deleting.id);
      notify.success(answer.message || messages.tagDeleted);
      setDeleting(null);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  const newTag = mayManage ? <Button onClick={() => setEditing({})}>+ New Tag</Button> : null;

  return (
    <>
      <PageHeader
        title="Tags"
        description="Tags of this workspace: projects and tasks carry them, and their lists filter by them."
        actions={newTag}
      />
      <Paper withBorder p="md" radius="md">
        <QueryState query={tags} errorTitle="The tags could not be loaded">
          {({ data, meta }) =>
            data.length === 0 ? (
              <EmptyList title="No tags yet" description="Create a tag, then give it to projects and tasks.">
                {newTag}
              </EmptyList>
            ) : (
              <>
                <TagTable
                  tags={data}
                  mayManage={mayManage}
                  onEdit={(tag) => setEditing({ tag })}
                  onDelete={setDeleting}
                />
                <ListPagination meta={meta} page={page} onChange={setPage} noun={['tag', 'tags']} />
              </>
            )
          }
        </QueryState>
      </Paper>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.tag ? 'Edit tag' : 'New tag'}
        centered
      >
        {editing ? <TagForm tag={editing.tag} onDone={() => setEditing(null)} /> : null}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete ${deleting?.name ?? 'tag'}?`}
        confirmLabel="Delete tag"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={onConfirmDelete}
      >
        <Text size="sm">The projects and tasks that carry it lose it. This cannot be undone.</Text>
      </ConfirmDialog>
    </>
  );
};
