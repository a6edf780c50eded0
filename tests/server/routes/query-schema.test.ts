// Query-string schemas read from the domain's tables of query fields.
import { describe, expect, it } from 'vitest';
import { ALARM_INFO_QUERY, FENCE_APPROVAL_QUERY, HEARTBEAT_QUERY, PAGE_LIMITS } from '../../../domain/wire/records';
import type { QueryFields } from '../../../domain/wire/query-fields';
import { querySchema } from '../../../server/routes/query-schema';

describe('query schema', () => {
  it.each([
    ['alarmInfo', ALARM_INFO_QUERY],
    ['heartbeatInfo', HEARTBEAT_QUERY],
    ['fenceApprovalList', FENCE_APPROVAL_QUERY],
  ] as const)('accepts exactly the fields the domain names for %s', (_call, fields: QueryFields) => {
    expect(Object.keys(querySchema(fields).properties)).toEqual(Object.keys(fields));
  });

  it('gives each kind of field its bounds, and page and size their defaults', () => {
    const { properties } = querySchema({
      ...ALARM_INFO_QUERY,
      plate: { kind: 'text', maxLength: 20 },
      state: { kind: 'code', values: [0, 1, 2] },
    });
    expect(properties).toMatchObject({
      page: { type: 'integer', minimum: 1, default: 1 },
      size: { type: 'integer', minimum: 1, maximum: PAGE_LIMITS.maxSize, default: PAGE_LIMITS.defaultSize },
      startTime: { type: 'integer', minimum: 0 },
      typeIds: { type: 'string', maxLength: 400 },
      plate: { type: 'string', maxLength: 20 },
      state: { type: 'integer', enum: [0, 1, 2] },
    });
  });
});
