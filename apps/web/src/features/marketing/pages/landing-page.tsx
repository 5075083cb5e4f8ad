import { Badge, Button, Card, Container, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { TRIAL_DAYS } from '@workhub/shared/constants';
import { TEMPLATE_LABELS, TEMPLATES, type Template } from '@workhub/shared/enums';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

const TEMPLATE_PITCH: Record<Template, string> = {
  workspace: 'A clean space for any team: projects, milestones, tasks and people, nothing else.',
  mrp: 'Plan materials against demand: bills of materials, stock and lead times in one view.',
  erp: 'Tie purchasing, products and orders together so every department works from one record.',
  crm: 'Follow every customer from first contact to repeat order, with the whole team in the loop.',
  srm: 'Keep suppliers, their prices and their deliveries organised and accountable.',
  barber: 'Run a barber shop or spa: services, staff and the day’s appointments at a glance.',
  cbe: 'Competency-based school management: classes, learners and their progress.',
  ticketing: 'Queue ticketing for service counters: issue tickets, call the next, keep lines moving.',
};

const BUILDING_BLOCKS = [
  {
    title: 'Projects',
    text: 'Give each piece of work an owner, a status and a due date, and archive it when done.',
  },
  {
    title: 'Milestones',
    text: 'Split a project into milestones so everyone sees what comes next and what is late.',
  },
  {
    title: 'Tasks',
    text: 'Assign tasks to the right person with a priority and a deadline, then track them to done.',
  },
  {
    title: 'Teams',
    text: 'Invite colleagues by e-mail and give each the role they need: admin, member, worker or guest.',
  },
];

/** The public landing page (spec section 1). */
export const LandingPage = () => {
  useDocumentTitle('WorkHub: workspaces for projects, teams and operations');
  return (
    <>
      <Container size="lg" py={64}>
        <Stack gap="lg" maw={720}>
          <Badge variant="light" size="lg">
            Free for {TRIAL_DAYS} days. No credit card.
          </Badge>
          <Title order={1} fz={{ base: 34, sm: 46 }} lh={1.15}>
            One workspace for every team, project and process
          </Title>
          <Text size="lg" c="dimmed">
            WorkHub gives your organisation its own multi-tenant home. Create workspaces from ready-made
            templates, plan projects with milestones and tasks, and bring your team in with the right roles.
            Your data stays yours: every account is kept apart from every other.
          </Text>
          <Group>
            <Button size="md" component={Link} to="/auth/register">
              Create your workspace
            </Button>
            <Button size="md" variant="default" component={Link} to="/pricing">
              See plans and prices
            </Button>
          </Group>
        </Stack>
      </Container>

      <Container size="lg" py="xl" component="section" aria-labelledby="templates-heading">
        <Title order={2} id="templates-heading" mb="xs">
          Start from a template
        </Title>
        <Text c="dimmed" mb="lg">
          Pick the template that fits the work. Each workspace comes set up for it, and you can run as many
          workspaces as your plan allows.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          {TEMPLATES.map((template) => (
            <Card key={template} withBorder padding="lg" component="article">
              <Title order={3} fz="h5" mb={6}>
                {TEMPLATE_LABELS[template]}
              </Title>
              <Text size="sm" c="dimmed">
                {TEMPLATE_PITCH[template]}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Container size="lg" py="xl" component="section" aria-labelledby="blocks-heading">
        <Title order={2} id="blocks-heading" mb="lg">
          Everything a project needs
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {BUILDING_BLOCKS.map((block) => (
            <Stack key={block.title} gap={4}>
              <Title order={3} fz="h4">
                {block.title}
              </Title>
              <Text c="dimmed">{block.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>

      <Container size="lg" py="xl" component="section" aria-labelledby="how-heading">
        <Title order={2} id="how-heading" mb="md">
          Up and running in minutes
        </Title>
        <List type="ordered" spacing="xs" size="md">
          <List.Item>
            Sign up with your e-mail and confirm it with the six-character code we send you.
          </List.Item>
          <List.Item>Choose a plan. Every plan starts with a {TRIAL_DAYS}-day free trial.</List.Item>
          <List.Item>Create a workspace from a template and invite your team.</List.Item>
        </List>
      </Container>
    </>
  );
};
