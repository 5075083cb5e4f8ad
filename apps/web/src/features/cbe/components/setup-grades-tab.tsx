import { Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { EmptyList, QueryState } from '../../../components/data-states.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { useCbeChoices } from '../api/cbe-query.ts';
import type { CbeGrade, CbeLearningArea, CbeStrand, CbeSubStrand } from '../api/types.ts';
import { CbeExportButton } from './cbe-export-button.tsx';
import { DeleteRecordButton } from './delete-record-button.tsx';
import { ChildForm, GradeForm } from './record-forms.tsx';
import type { SetupTabProps } from './setup-dialog.ts';

/** Edit (a rename) of a learning area, strand or sub-strand, in the page's dialog. */
const RenameButton = ({
  kind,
  parentId,
  record,
  open,
}: {
  kind: 'learning-areas' | 'strands' | 'sub-strands';
  parentId: string;
  record: { id: string; name: string };
  open: SetupTabProps['open'];
}) => (
  <Button
    size="compact-xs"
    variant="subtle"
    aria-label={`Edit ${record.name}`}
    onClick={() =>
      open({
        title: `Edit ${record.name}`,
        body: <ChildForm kind={kind} parentId={parentId} record={record} onDone={() => open(null)} />,
      })
    }
  >
    Edit
  </Button>
);

/** A strand's sub-strands in a line, each with its Edit and Delete for the school's manager. */
const SubStrands = ({
  subs,
  mayManage,
  open,
}: {
  subs: CbeSubStrand[];
  mayManage: boolean;
  open: SetupTabProps['open'];
}) =>
  subs.length === 0 ? (
    <Text size="sm" c="dimmed" pl="md">
      No sub-strands yet.
    </Text>
  ) : (
    <Group gap="xs" pl="md">
      {subs.map((s) => (
        <Group key={s.id} gap={2} wrap="nowrap">
          <Text size="sm" c="dimmed">
            {s.name}
          </Text>
          {mayManage ? (
            <>
              <RenameButton kind="sub-strands" parentId={s.strand_id} record={s} open={open} />
              <DeleteRecordButton path="sub-strands" id={s.id} name={s.name} />
            </>
          ) : null}
        </Group>
      ))}
    </Group>
  );

/** A learning area with its strands and their sub-strands, each level with its '+ add'. */
const AreaTree = ({ area, open, mayManage }: SetupTabProps & { area: CbeLearningArea }) => {
  const strands = useCbeChoices<CbeStrand>('strands', { learning_area_id: area.id });
  const subs = useCbeChoices<CbeSubStrand>('sub-strands', { learning_area_id: area.id });
  const close = () => open(null);
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between">
        <Text fw={700}>{area.name}</Text>
        <Group gap={4}>
          <CbeExportButton
            path="strands"
            params={{ learning_area_id: area.id }}
            text="Strands CSV"
            noun={area.name}
          />
          <CbeExportButton
            path="sub-strands"
            params={{ learning_area_id: area.id }}
            text="Sub-strands CSV"
            noun={area.name}
          />
          {mayManage ? (
            <>
              <Button
                size="compact-xs"
                variant="light"
                onClick={() =>
                  open({
                    title: `New strand of ${area.name}`,
                    body: <ChildForm kind="strands" parentId={area.id} onDone={close} />,
                  })
                }
              >
                + Strand
              </Button>
              <RenameButton kind="learning-areas" parentId={area.grade_id} record={area} open={open} />
              <DeleteRecordButton
                path="learning-areas"
                id={area.id}
                name={area.name}
                along="Its strands and sub-strands go with it."
              />
            </>
          ) : null}
        </Group>
      </Group>
      <QueryState query={strands} errorTitle="The strands could not be loaded">
        {(list) =>
          list.length === 0 ? (
            <Text size="sm" c="dimmed">
              No strands yet.
            </Text>
          ) : (
            <Stack gap={4} mt="xs">
              {list.map((strand) => (
                <div key={strand.id}>
                  <Group gap="xs">
                    <Text size="sm" fw={600}>
                      {strand.name}
                    </Text>
                    {mayManage ? (
                      <>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          onClick={() =>
                            open({
                              title: `New sub-strand of ${strand.name}`,
                              body: <ChildForm kind="sub-strands" parentId={strand.id} onDone={close} />,
                            })
                          }
                        >
                          + Sub-strand
                        </Button>
                        <RenameButton
                          kind="strands"
                          parentId={strand.learning_area_id}
                          record={strand}
                          open={open}
                        />
                        <DeleteRecordButton
                          path="strands"
                          id={strand.id}
                          name={strand.name}
                          along="Its sub-strands go with it."
                        />
                      </>
                    ) : null}
                  </Group>
                  <SubStrands
                    subs={(subs.data ?? []).filter((s) => s.strand_id === strand.id)}
                    mayManage={mayManage}
                    open={open}
                  />
                </div>
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Paper>
  );
};

/** The grades, and the chosen grade's learning areas with their strands and sub-strands. */
export const GradesTab = ({ open, mayManage }: SetupTabProps) => {
  const grades = useCbeChoices<CbeGrade>('grades');
  const [gradeId, setGradeId] = useState('');
  const chosen = gradeId || grades.data?.[0]?.id || '';
  const areas = useCbeChoices<CbeLearningArea>('learning-areas', { grade_id: chosen }, chosen !== '');
  const close = () => open(null);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={4}>Grades</Title>
        <Group gap="xs">
          <CbeExportButton path="grades" noun="grades" />
          {mayManage ? (
            <Button
              size="xs"
              onClick={() => open({ title: 'New grade', body: <GradeForm onDone={close} /> })}
            >
              + New grade
            </Button>
          ) : null}
        </Group>
      </Group>
      <DataTable
        label="Grades"
        minWidth={360}
        rows={grades.data}
        loading={grades.isPending}
        error={grades.error}
        onRetry={() => void grades.refetch()}
        rowKey={(g) => g.id}
        empty={<EmptyList title="No grades yet" description="Grade 1, Grade 2, ..." />}
        columns={[
          { key: 'name', header: 'Grade', cell: (g) => g.name },
          { key: 'level', header: 'Level', cell: (g) => g.level },
          mayManage && {
            key: 'edit',
            header: 'Actions',
            hideHeader: true,
            cell: (g) => (
              <Group gap={4} wrap="nowrap">
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() =>
                    open({ title: `Edit ${g.name}`, body: <GradeForm grade={g} onDone={close} /> })
                  }
                >
                  Edit
                </Button>
                <DeleteRecordButton path="grades" id={g.id} name={g.name} />
              </Group>
            ),
          },
        ]}
      />
      {chosen ? (
        <>
          <Group justify="space-between" align="flex-end">
            <NativeSelect
              label="Learning areas of"
              value={chosen}
              onChange={(event) => setGradeId(event.currentTarget.value)}
              data={(grades.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
            />
            <Group gap="xs">
              <CbeExportButton
                path="learning-areas"
                params={{ grade_id: chosen }}
                noun={`learning areas of ${(grades.data ?? []).find((g) => g.id === chosen)?.name ?? 'the grade'}`}
              />
              {mayManage ? (
                <Button
                  size="xs"
                  onClick={() =>
                    open({
                      title: 'New learning area',
                      body: <ChildForm kind="learning-areas" parentId={chosen} onDone={close} />,
                    })
                  }
                >
                  + Learning area
                </Button>
              ) : null}
            </Group>
          </Group>
          <QueryState query={areas} errorTitle="The learning areas could not be loaded">
            {(list) =>
              list.length === 0 ? (
                <EmptyList
                  title="No learning areas yet"
                  description="Mathematics, English, ... with their strands."
                />
              ) : (
                <Stack gap="sm">
                  {list.map((area) => (
                    <AreaTree key={area.id} area={area} open={open} mayManage={mayManage} />
                  ))}
                </Stack>
              )
            }
          </QueryState>
        </>
      ) : null}
    </Stack>
  );
};
