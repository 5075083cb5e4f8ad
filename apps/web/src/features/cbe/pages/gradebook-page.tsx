import {
  Button,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { CBE_LEVEL_LABELS, CBE_LEVELS, type CbeLevel, cbeMessages } from '@workhub/shared/schemas/cbe';
import { useEffect, useRef, useState } from 'react';
import { EmptyList, QueryState } from '../../../components/data-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import sticky from '../../../components/sticky-column.module.css';
import { errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { downloadReportCard, useCbeChoices, useCbeGet, useCbeWrite } from '../api/cbe-query.ts';
import type { CbeClass, CbeGradebook, CbeLearningArea, CbeTerm } from '../api/types.ts';
import { ClassSelect, TermSelect } from '../components/class-picker.tsx';
import { GradebookFrame } from '../components/gradebook-frame.tsx';
import { SaveButton } from '../components/save-button.tsx';
import { useUnsavedChangesGuard } from '../components/unsaved-changes-guard.tsx';

type Cell = { level: CbeLevel | ''; comment: string };
const key = (student: string, sub: string) => `${student}/${sub}`;
/** The level select's element id of a cell. */
const levelId = (k: string) => `gradebook-level-${k.replace('/', '-')}`;
const SHORT: Record<CbeLevel, string> = { exceeding: 'EE', meeting: 'ME', approaching: 'AE', below: 'BE' };

const RemarksDialog = ({
  student,
  termId,
  onDone,
}: {
  student: { id: string; name: string; remarks: string | null };
  termId: string;
  onDone: () => void;
}) => {
  const write = useCbeWrite();
  // Starts from the term's saved remarks: an empty box saved over them erased them unseen.
  const [remarks, setRemarks] = useState(student.remarks ?? '');
  const save = async () => {
    try {
      await write.mutateAsync({
        method: 'PUT',
        path: `students/${student.id}/report-cards/${termId}/remarks`,
        body: { remarks },
      });
      notify.success('Remarks saved');
      onDone();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  return (
    <Stack>
      <Textarea
        label={`Class teacher's remarks on ${student.name}`}
        autosize
        minRows={3}
        maxLength={1000}
        value={remarks}
        onChange={(event) => setRemarks(event.currentTarget.value)}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone} disabled={write.isPending}>
          Cancel
        </Button>
        <Button onClick={() => void save()} loading={write.isPending}>
          Save remarks
        </Button>
      </Group>
    </Stack>
  );
};

/**
 * /cbe/gradebook: the rubric gradebook of a class for a learning area and a term: one of the four
 * levels per student per sub-strand, with a comment; one Save. Each student's report card (PDF)
 * and the class teacher's remarks from here. Unsaved changes are asked about before they are lost.
 */
export const GradebookPage = () => {
  useDocumentTitle('Gradebook');
  const mayTeach = useMay()('cbe:teach');
  const classes = useCbeChoices<CbeClass>('classes');
  const terms = useCbeChoices<CbeTerm>('terms');
  const [classId, setClassId] = useState('');
  const [termId, setTermId] = useState('');
  const [areaId, setAreaId] = useState('');
  const klass = classes.data?.find((c) => c.id === classId) ?? classes.data?.[0];
  const term = termId || terms.data?.[0]?.id || '';
  const areas = useCbeChoices<CbeLearningArea>(
    'learning-areas',
    { grade_id: klass?.grade_id },
    Boolean(klass),
  );
  const area = areas.data?.find((a) => a.id === areaId)?.id ?? areas.data?.[0]?.id ?? '';
  const book = useCbeGet<CbeGradebook>(
    `classes/${klass?.id}/gradebook?learning_area_id=${area}&term_id=${term}`,
    Boolean(klass && area && term),
  );
  const save = useCbeWrite<CbeGradebook>();
  const [cells, setCells] = useState<Record<string, Cell>>({});
  const [dirty, setDirty] = useState<Set<string>>(new Set());
  const [remarksFor, setRemarksFor] = useState<{ id: string; name: string; remarks: string | null } | null>(
    null,
  );
  const [downloading, setDownloading] = useState<string | null>(null);
  // Unsaved levels are lost by leaving the page or by loading another class, area or term.
  const { guard, dialog: leaveDialog } = useUnsavedChangesGuard(dirty.size > 0, 'the gradebook');
  const choose = (change: () => void) =>
    guard(() => {
      change();
      setDirty(new Set());
    });

  // Read in the effect below without making it run at each keystroke.
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const cellsNow = useRef(cells);
  cellsNow.current = cells;
  // The saved levels, each time the gradebook is read; a cell changed and not yet saved keeps what
  // was typed. The gradebook is read again after every school write (remarks saved, a save that
  // answered while more levels were typed), and replacing every cell threw those levels away unasked.
  // Another class, area or term starts clean (choose() empties `dirty` first).
  useEffect(() => {
    if (!book.data) return;
    const saved: Record<string, Cell> = Object.fromEntries(
      book.data.entries.map((e) => [
        key(e.student_id, e.sub_strand_id),
        { level: e.level, comment: e.comment ?? '' },
      ]),
    );
    for (const k of dirtyNow.current) {
      const typed = cellsNow.current[k];
      if (typed) saved[k] = typed;
    }
    setCells(saved);
  }, [book.data]);

  const set = (k: string, change: Partial<Cell>) => {
    setCells((was) => ({ ...was, [k]: { level: '', comment: '', ...was[k], ...change } }));
    setDirty((was) => new Set(was).add(k));
  };
  const onSave = async () => {
    const sent = [...dirty];
    const sentCells = cells;
    // A comment is kept with a level only (the API refuses one alone): say which cell, and go there.
    const alone = sent.find((k) => !cells[k]?.level && cells[k]?.comment.trim());
    if (alone) {
      const [studentId, subId] = alone.split('/');
      const student = book.data?.students.find((s) => s.id === studentId)?.name ?? '';
      const sub = subs.find((s) => s.id === subId)?.name ?? '';
      notify.error(`${student}, ${sub}: ${cbeMessages.commentNeedsLevel}`);
      document.getElementById(levelId(alone))?.focus();
      return;
    }
    try {
      await save.mutateAsync({
        method: 'PUT',
        path: `classes/${klass?.id}/gradebook`,
        body: {
          learning_area_id: area,
          term_id: term,
          entries: sent.map((k) => {
            const [student_id, sub_strand_id] = k.split('/');
            const cell = cells[k];
            return { student_id, sub_strand_id, level: cell?.level || null, comment: cell?.comment || null };
          }),
        },
      });
      // Saved: leaving no longer asks, but for a cell changed again while the save was on its way.
      setDirty(
        (was) => new Set([...was].filter((k) => !sent.includes(k) || cellsNow.current[k] !== sentCells[k])),
      );
      notify.success('Gradebook saved');
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  const download = async (studentId: string) => {
    setDownloading(studentId);
    try {
      await downloadReportCard(studentId, term);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setDownloading(null);
    }
  };

  const subs =
    book.data?.strands.flatMap((s) => s.sub_strands.map((ss) => ({ ...ss, strand: s.name }))) ?? [];

  return (
    <>
      <PageHeader
        title="Gradebook"
        description="EE Exceeding, ME Meeting, AE Approaching, BE Below Expectation, per sub-strand."
      />
      <Paper withBorder p="md" radius="md">
        <QueryState query={classes} errorTitle="The classes could not be loaded">
          {(list) =>
            list.length === 0 || (terms.data?.length ?? 0) === 0 ? (
              <EmptyList
                title="Nothing to assess yet"
                description="Create a term and a class (Classes and set-up) first."
              />
            ) : (
              <Stack>
                <Group align="flex-end">
                  <ClassSelect
                    classes={list}
                    value={klass?.id ?? ''}
                    onChange={(id) => choose(() => setClassId(id))}
                  />
                  <NativeSelect
                    label="Learning area"
                    value={area}
                    onChange={(event) => {
                      const id = event.currentTarget.value;
                      choose(() => setAreaId(id));
                    }}
                    data={(areas.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
                  />
                  <TermSelect
                    terms={terms.data ?? []}
                    value={term}
                    onChange={(id) => choose(() => setTermId(id))}
                  />
                  {mayTeach ? (
                    <SaveButton
                      ml="auto"
                      onSave={() => void onSave()}
                      busy={save.isPending}
                      idle={dirty.size === 0}
                    >
                      Save gradebook
                    </SaveButton>
                  ) : null}
                </Group>
                {areas.data?.length === 0 ? (
                  <EmptyList
                    title="No learning areas for this grade"
                    description="Add learning areas, strands and sub-strands under Classes and set-up."
                  />
                ) : (
                  <QueryState query={book} errorTitle="The gradebook could not be loaded">
                    {(data) =>
                      data.students.length === 0 || subs.length === 0 ? (
                        <EmptyList
                          title={
                            data.students.length === 0 ? 'No students in this class' : 'No sub-strands yet'
                          }
                          description="The gradebook has a row per student and a column per sub-strand."
                        />
                      ) : (
                        // Its own scroll box, as tall as the screen allows: the header row stays
                        // above the rows scrolled under it and the student column at the left of the
                        // levels scrolled sideways (a phone shows one or two sub-strands at a time).
                        <GradebookFrame label="Gradebook">
                          <Table
                            withTableBorder
                            withColumnBorders
                            stickyHeader
                            aria-label="Gradebook"
                            verticalSpacing={4}
                          >
                            <Table.Thead>
                              <Table.Tr>
                                <Table.Th className={sticky.column}>Student</Table.Th>
                                {subs.map((s) => (
                                  <Table.Th key={s.id}>
                                    <Text size="xs" c="dimmed">
                                      {s.strand}
                                    </Text>
                                    {s.name}
                                  </Table.Th>
                                ))}
                                <Table.Th>Report card</Table.Th>
                              </Table.Tr>
                            </Table.Thead>
                            <Table.Tbody>
                              {data.students.map((student) => (
                                <Table.Tr key={student.id}>
                                  <Table.Td className={sticky.column}>
                                    <Text size="sm" fw={600}>
                                      {student.name}
                                    </Text>
                                    {/* One line: 'S-1003' broke after its hyphen. */}
                                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                                      {student.admission_no}
                                    </Text>
                                  </Table.Td>
                                  {subs.map((s) => {
                                    const k = key(student.id, s.id);
                                    const level = cells[k]?.level;
                                    return (
                                      // Wide enough for a level's whole name: at 150 px the closed
                                      // select showed 'AE · Approachi'.
                                      <Table.Td key={s.id} miw={250}>
                                        <NativeSelect
                                          size="xs"
                                          miw={226}
                                          id={levelId(k)}
                                          aria-label={`${student.name}: ${s.name}`}
                                          // The level's name in full, on hover.
                                          title={level ? CBE_LEVEL_LABELS[level] : undefined}
                                          disabled={!mayTeach}
                                          value={level ?? ''}
                                          onChange={(event) =>
                                            set(k, { level: event.currentTarget.value as CbeLevel | '' })
                                          }
                                          data={[
                                            { value: '', label: '—' },
                                            ...CBE_LEVELS.map((l) => ({
                                              value: l,
                                              label: `${SHORT[l]} · ${CBE_LEVEL_LABELS[l]}`,
                                            })),
                                          ]}
                                        />
                                        <TextInput
                                          size="xs"
                                          mt={4}
                                          placeholder="Comment"
                                          aria-label={`Comment for ${student.name}: ${s.name}`}
                                          disabled={!mayTeach}
                                          value={cells[k]?.comment ?? ''}
                                          onChange={(event) => set(k, { comment: event.currentTarget.value })}
                                        />
                                      </Table.Td>
                                    );
                                  })}
                                  <Table.Td>
                                    <Group gap={4} wrap="nowrap">
                                      <Button
                                        size="compact-xs"
                                        variant="light"
                                        loading={downloading === student.id}
                                        onClick={() => void download(student.id)}
                                      >
                                        PDF
                                      </Button>
                                      {mayTeach ? (
                                        <Button
                                          size="compact-xs"
                                          variant="subtle"
                                          onClick={() => setRemarksFor(student)}
                                        >
                                          Remarks
                                        </Button>
                                      ) : null}
                                    </Group>
                                  </Table.Td>
                                </Table.Tr>
                              ))}
                            </Table.Tbody>
                          </Table>
                        </GradebookFrame>
                      )
                    }
                  </QueryState>
                )}
              </Stack>
            )
          }
        </QueryState>
      </Paper>
      <Modal
        opened={remarksFor !== null}
        onClose={() => setRemarksFor(null)}
        title="Report card remarks"
        centered
      >
        {remarksFor ? (
          <RemarksDialog student={remarksFor} termId={term} onDone={() => setRemarksFor(null)} />
        ) : null}
      </Modal>
      {leaveDialog}
    </>
  );
};
