import type { Task } from '@workhub/shared/schemas/work';
import { useParams, useSearchParams } from 'react-router';
import { QueryState } from '../../../components/data-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAssignees } from '../api/get-assignees.ts';
import { useMilestoneChoices } from '../api/get-milestones.ts';
import { useProject } from '../api/get-project.ts';
import { useTask } from '../api/get-task.ts';
import { TaskForm, type TaskPlace } from '../components/task-form.tsx';
import { BACK_TO_PROJECTS } from '../work-links.ts';

type TaskFormLoaderProps = { task?: Task; place: TaskPlace };

/**
 * The selects must hold their options before the form sets its values: the people of the
 * workspace, and the milestones of the task's project.
 */
const TaskFormLoader = ({ task, place }: TaskFormLoaderProps) => {
  const members = useAssignees();
  const milestones = useMilestoneChoices(place.projectId);
  return (
    <QueryState query={members} errorTitle="The people of this workspace could not be loaded">
      {(loadedMembers) =>
        place.projectId === '' ? (
          <TaskForm members={loadedMembers} task={task} place={place} />
        ) : (
          <QueryState query={milestones} errorTitle="The milestones could not be loaded">
            {() => <TaskForm members={loadedMembers} task={task} place={place} />}
          </QueryState>
        )
      }
    </QueryState>
  );
};

const NewTask = () => {
  const [searchParams] = useSearchParams();
  const place: TaskPlace = {
    projectId: searchParams.get('project') ?? '',
    milestoneId: searchParams.get('milestone') || null,
  };
  const project = useProject(place.projectId || null);
  return (
    <>
      <PageHeader
        title="New task"
        description={project.data ? `In the project ${project.data.name}` : 'Assign work to someone.'}
      />
      <TaskFormLoader place={place} />
    </>
  );
};

const EditTask = ({ id }: { id: string }) => {
  const task = useTask(id);
  return (
    <>
      <PageHeader
        title="Edit task"
        description={task.data ? `In the project ${task.data.project_name}` : undefined}
      />
      <QueryState query={task} errorTitle="This task could not be loaded" back={BACK_TO_PROJECTS}>
        {(loaded) => (
          <TaskFormLoader
            key={loaded.task_id}
            task={loaded}
            place={{ projectId: loaded.project_id, milestoneId: loaded.milestone_id }}
          />
        )}
      </QueryState>
    </>
  );
};

/** /task/create?project=&milestone= and /task/{id}/edit (spec section 5). Admin-types (routes.tsx). */
export const TaskFormPage = () => {
  const { id } = useParams();
  useDocumentTitle(id ? 'Edit task' : 'New task');
  return id ? <EditTask id={id} /> : <NewTask />;
};
