// get_assignment: one recorded assignment (`GET /v1/assignments/{id}`), by asg_ id or reel/frame.
import { z } from 'zod';
import { assignmentId, idPrefix } from '../../core/ids.js';
import { TmError } from '../../errors.js';
import { defineOp } from '../define-op.js';
import { Assignment, toAssignment } from './assignment-shape.js';

/** `9006/0093`, `9006-0093` or `9006:93` name a US reel/frame. */
const REEL_FRAME = /^(\d{1,6})[/:-](\d{1,4})$/;

export const getAssignment = defineOp({
  name: 'get_assignment',
  summary: 'Get one recorded assignment',
  description:
    'One recorded assignment: reel/frame, conveyance, dates, assignors, assignees and the marks it touches. Pass an asg_ id or a USPTO reel/frame such as 9006/0093.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/assignments/{id}' },
  cli: { command: 'assignment show <id>' },
  input: z.strictObject({ id: z.string().min(1).describe('asg_ id, or a USPTO reel/frame such as 9006/0093') }),
  output: Assignment,
  run: async (ctx, input) => {
    const rf = REEL_FRAME.exec(input.id);
    let id = input.id;
    if (rf) id = assignmentId('US', `${rf[1]}/${rf[2]!.padStart(4, '0')}`);
    else if (idPrefix(input.id) !== 'asg_') {
      throw new TmError('id_type_mismatch', `'${input.id}' is not an assignment id; assignment ids start with asg_.`, {
        param: 'id',
        suggestion: 'Pass an asg_ id or a reel/frame such as 9006/0093.',
      });
    }
    const found = await ctx.store.assignments.get(id);
    if (!found) throw new TmError('not_found', `No assignment ${input.id}.`, { param: 'id' });
    return toAssignment(found);
  },
});
