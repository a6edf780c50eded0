// The list calls' request types as their tables of query fields describe them.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  ALARM_INFO_QUERY, FENCE_APPROVAL_QUERY, FENCE_APPROVAL_STATUS, HEARTBEAT_QUERY, type AlarmInfoQuery, type CallRequest,
  type FenceApprovalQuery, type FenceApprovalStatus, type HeartbeatQuery, type QueryOf,
} from '../../../domain/wire';

describe('query fields', () => {
  it('makes page and size required and every filter optional', () => {
    expectTypeOf<AlarmInfoQuery['page']>().toEqualTypeOf<number>();
    expectTypeOf<HeartbeatQuery['size']>().toEqualTypeOf<number>();
    expectTypeOf<AlarmInfoQuery['typeIds']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<HeartbeatQuery['startTime']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<{ page: number; size: number }>().toExtend<FenceApprovalQuery>();
  });

  it('types a code field as its codes', () => {
    expectTypeOf<FenceApprovalQuery['approvalStatus']>().toEqualTypeOf<FenceApprovalStatus | undefined>();
    expect(FENCE_APPROVAL_QUERY.approvalStatus.values).toEqual(Object.values(FENCE_APPROVAL_STATUS));
  });

  it('is the request the call registry sends', () => {
    expectTypeOf<CallRequest<'alarmInfo'>>().toEqualTypeOf<QueryOf<typeof ALARM_INFO_QUERY>>();
    expectTypeOf<CallRequest<'heartbeatInfo'>>().toEqualTypeOf<QueryOf<typeof HEARTBEAT_QUERY>>();
    expectTypeOf<CallRequest<'fenceApprovalList'>>().toEqualTypeOf<QueryOf<typeof FENCE_APPROVAL_QUERY>>();
  });

  it('names exactly the keys of the request type', () => {
    expectTypeOf<keyof typeof ALARM_INFO_QUERY>().toEqualTypeOf<keyof AlarmInfoQuery>();
    expect(Object.keys(ALARM_INFO_QUERY)).toEqual(['page', 'size', 'typeIds', 'startTime', 'endTime']);
    expect(Object.keys(HEARTBEAT_QUERY)).toEqual(['page', 'size', 'signCode', 'startTime', 'endTime']);
  });
});
