import { messages } from '@workhub/shared/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { idPath, recordPath } from './record-path.ts';

const ID = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';

describe('recordPath', () => {
  it('is the escaped path of an id a record can have', () => {
    expect(recordPath('/api/tasks', ID)).toBe(`/api/tasks/${ID}`);
    expect(recordPath('/api/orders', ID, '/lines')).toBe(`/api/orders/${ID}/lines`);
    expect(idPath('/api/team', 'a/b?c')).toBe('/api/team/a%2Fb%3Fc');
  });

  it.each(['list', 'general', '', `${ID}x`, `${ID}\u0000`, '../tasks'])(
    'answers %j as the 404 it is, without asking the API',
    (id) => {
      let thrown: unknown;
      try {
        recordPath('/api/team', id);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ApiError);
      expect(thrown).toMatchObject({ status: 404, code: 'NOT_FOUND', message: messages.notFound });
    },
  );
});
