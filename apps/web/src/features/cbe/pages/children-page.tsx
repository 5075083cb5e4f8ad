import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { EmptyList, QueryState } from '../../../components/data-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { downloadReportCard, useCbeList } from '../api/cbe-query.ts';
import type { CbeStudent, CbeTerm } from '../api/types.ts';
import { TermSelect } from '../components/class-picker.tsx';
import { StatementView } from '../components/fee-forms.tsx';

/**
 * /cbe/children: a guardian's (customer's) own children, those whose guardian e-mail is theirs:
 * each child's fee statement, and report card for a term.
 */
export const ChildrenPage = () => {
  useDocumentTitle('My children');
  const children = useCbeList<CbeStudent>('children', { page: 1 });
  const [statementOf, setStatementOf] = useState<string | null>(null);
  const terms = useCbeList<CbeTerm>('children/terms', { page: 1, limit: 100 });
  const [termId, setTerm] = useState('');
  const term = termId || terms.data?.data[0]?.id || '';
  const download = async (id: string) => {
    try {
      await downloadReportCard(id, term, true);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  return (
    <>
      <PageHeader
        title="My children"
        description="Your children at this school: fee statements and report cards."
      />
      <QueryState query={children} errorTitle="Your children could not be loaded">
        {({ data }) =>
          data.length === 0 ? (
            <EmptyList
              title="No children found"
              description="The school lists you as a guardian by your e-mail address; ask the school to add it."
            />
          ) : (
            <Stack>
              {terms.data && terms.data.data.length > 0 ? (
                <TermSelect terms={terms.data.data} value={term} onChange={setTerm} />
              ) : null}
              {data.map((child) => (
                <Paper key={child.id} withBorder p="md" radius="md">
                  <Group justify="space-between">
                    <div>
                      <Group gap="xs">
                        <Text fw={700}>
                          {child.first_name} {child.last_name}
                        </Text>
                        {/* A child who left is shown so, not as if still at the school. */}
                        <Badge
                          size="sm"
                          variant="light"
                          color={child.status === 'active' ? 'green' : 'gray'}
                          miw="max-content"
                        >
                          {child.status === 'active' ? 'At the school' : 'Left the school'}
                        </Badge>
                      </Group>
                      <Text size="sm" c="dimmed">
                        {child.class_name} ·{' '}
                        <span style={{ whiteSpace: 'nowrap' }}>{child.admission_no}</span>
                      </Text>
                    </div>
                    <Group>
                      <Button variant="light" onClick={() => setStatementOf(child.id)}>
                        Fee statement
                      </Button>
                      {term ? (
                        <Button variant="default" onClick={() => void download(child.id)}>
                          Report card
                        </Button>
                      ) : null}
                    </Group>
                  </Group>
                </Paper>
              ))}
            </Stack>
          )
        }
      </QueryState>
      <Modal
        opened={statementOf !== null}
        onClose={() => setStatementOf(null)}
        title="Fee statement"
        size="lg"
        centered
      >
        {statementOf ? <StatementView studentId={statementOf} own /> : null}
      </Modal>
    </>
  );
};
