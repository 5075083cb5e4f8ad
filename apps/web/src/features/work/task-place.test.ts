import { describe, expect, it } from 'vitest';
import { fakeTask, ids } from '../../test/work-fixtures.ts';
import { taskListOf, taskPlaceLabel } from './task-place.ts';

describe('the Project/Milestone Name column', () => {
  it("reads 'Milestone Name: ...' when the task has a milestone", () => {
    expect(taskPlaceLabel(fakeTask({ milestone_id: ids.milestone, milestone_name: 'Beta' }))).toBe(
      'Milestone Name: Beta',
    );
  });

  it("reads 'Project Name: ...' when the milestone name is empty", () => {
    expect(taskPlaceLabel(fakeTask({ milestone_name: '' }))).toBe('Project Name: Launch');
    expect(taskPlaceLabel(fakeTask({ milestone_name: '  ' }))).toBe('Project Name: Launch');
  });
});

describe("a task's own list", () => {
  it("is its milestone's tasks, else its project's", () => {
    expect(taskListOf({ project_id: ids.project, milestone_id: ids.milestone })).toBe(
      `/milestone/${ids.milestone}/tasks`,
    );
    expect(taskListOf({ project_id: ids.project, milestone_id: null })).toBe(`/task/${ids.project}`);
  });
});
