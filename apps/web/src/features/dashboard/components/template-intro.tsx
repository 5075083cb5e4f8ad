import { List, Text } from '@mantine/core';
import { TEMPLATE_LABELS, type Template } from '@workhub/shared/enums';
import { TEMPLATE_INTROS } from '@workhub/shared/template-intros';
import { Panel } from '../../../components/panel.tsx';

/** What this template is for and what its module will add, above the panels every workspace shares. */
export const TemplateIntro = ({ template }: { template: Template }) => {
  const label = TEMPLATE_LABELS[template];
  const intro = TEMPLATE_INTROS[template];
  return (
    <Panel title={`About ${label}`}>
      <Text size="sm">{intro.purpose}</Text>
      <Text size="sm" fw={600} mt="sm">
        Coming with the {label} module
      </Text>
      <List size="sm" mt={4} aria-label={`Coming with the ${label} module`}>
        {intro.coming.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    </Panel>
  );
};
