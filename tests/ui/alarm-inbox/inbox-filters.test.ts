// The inbox's filters from the URL to the list call's query: open alarms by default, every state only when asked, an
// ADAS choice standing for its events, '-' for unassigned, a range in epoch ms, and what a link cannot mean dropped.
import { describe, expect, it } from 'vitest';
import { expandTypeIds, formatTypeIds } from '../../../domain/alarm-types';
import { SEVERITY_CODES } from '../../../domain/alarm-severity';
import { OPEN_STATES_CODE, UNASSIGNED } from '../../../domain/wire/alarm-inbox';
import {
  DEFAULT_INBOX_FILTERS, INBOX_PAGE_SIZE, inboxQuery, readInboxFilters, withInboxFilter, writeInboxFilters,
} from '../../../src/app/monitor/alarm-inbox/inbox-filters';

const queryOf = (search: string, page = 1) => inboxQuery(readInboxFilters(search), page);

describe('the alarm inbox filters', () => {
  it('asks for the open alarms, first page, when the URL names nothing', () => {
    expect(queryOf('')).toEqual({ page: 1, size: INBOX_PAGE_SIZE, state: OPEN_STATES_CODE });
    expect(writeInboxFilters(DEFAULT_INBOX_FILTERS)).toBe('');
  });

  it('asks for every state only when the state was cleared, and says so in the URL', () => {
    const every = withInboxFilter(DEFAULT_INBOX_FILTERS, 'state', '');
    expect(inboxQuery(every, 1)).toEqual({ page: 1, size: INBOX_PAGE_SIZE });
    expect(writeInboxFilters(every)).toBe('state=all');
    expect(queryOf('state=all')).not.toHaveProperty('state');
    expect(queryOf('state=2').state).toBe(2);
  });

  it('maps every filter of a link to its query field, the page given', () => {
    const search = `state=1&severity=${SEVERITY_CODES.critical}&type=201&signCode=${encodeURIComponent('沪A00001')}&startTime=1000&endTime=2000&assignee=zhang`;
    expect(queryOf(search, 3)).toEqual({
      page: 3, size: INBOX_PAGE_SIZE, state: 1, severity: 1, typeIds: '201', signCode: '沪A00001', startTime: 1000, endTime: 2000, assignee: 'zhang',
    });
  });

  it('reads the URL it wrote back to the same filters', () => {
    const filters = { state: '0', severity: '2', type: '3', signCode: '沪A00002', startTime: '5', endTime: '6', assignee: UNASSIGNED };
    const text = writeInboxFilters(filters);
    expect(readInboxFilters(text)).toEqual(filters);
    expect(writeInboxFilters(readInboxFilters(text))).toBe(text);
  });

  it('sends unassigned as the contract\'s dash', () => {
    expect(queryOf('assignee=-').assignee).toBe('-');
  });

  it('lets the ADAS type stand for itself and all its events', () => {
    const typeIds = queryOf('type=8').typeIds ?? '';
    expect(typeIds).toBe(formatTypeIds(expandTypeIds([8])));
    expect(typeIds.split(',')).toEqual(expect.arrayContaining(['8', '9', '37']));
  });

  it('drops what a link cannot mean instead of sending a query the server refuses', () => {
    expect(queryOf('state=9&severity=7&type=999&startTime=soon&signCode=%20%20')).toEqual({ page: 1, size: INBOX_PAGE_SIZE, state: OPEN_STATES_CODE });
  });
});
