import { List, Text } from '@mantine/core';
import { TEMPLATE_LABELS, type Template } from '@workhub/shared/enums';
import { TEMPLATE_INTROS } from '@workhub/shared/template-intros';
import { Panel } from '../../../components/panel.tsx';
import { useMay } from '../../../lib/use-may.ts';

/**
 * What this template is for, what the workspace holds beyond projects and tasks (to who may see it)
 * and what it does not have yet, above the panels every workspace shares.
 */
export const TemplateIntro = ({ template }: { template: Template }) => {
  const may = useMay();
  const label = TEMPLATE_LABELS[template];
  const intro = TEMPLATE_INTROS[template];
  const notYet = `Not in the ${label} template yet`;
  return (
    <Panel title={`About ${label}`}>
      <Text size="sm">{intro.purpose}</Text>
      {intro.here && may(intro.here.action) ? (
        <Text size="sm" mt="xs">
          {intro.here.text}
        </Text>
      ) : null}
      {intro.notYet.length > 0 ? (
        <>
          <Text size="sm" fw={600} mt="sm">
            {notYet}
          </Text>
          <List size="sm" mt={4} aria-label={notYet}>
            {intro.notYet.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Panel>
  );
};
