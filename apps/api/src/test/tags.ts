import type { Tag, TagBody, TagRef } from '@workhub/shared/schemas/tags';
import { expect } from 'vitest';
import type { TestApp } from './helpers.ts';
import { call } from './work.ts';

/** A tag of the caller's workspace, made through the API ('Urgent', red, unless told). */
export async function createTag(t: TestApp, token: string, body: Partial<TagBody> = {}) {
  const response = await call(t, 'POST', '/api/tags', token, { name: 'Urgent', color: '#ff0000', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Tag;
}

/** The tag as a project or a task carries it. */
export const refOf = ({ id, name, color }: Tag): TagRef => ({ id, name, color });
