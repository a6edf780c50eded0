// The caller as a report query sees it: the database, its kind, the caller's companies and the present moment.
import type { FastifyRequest } from 'fastify';
import { authOf } from '../auth/guard';
import type { Services } from '../services';
import type { ReportContext } from './report-query';

export function reportContext(services: Services, request: FastifyRequest): ReportContext {
  return { db: services.db, kind: services.driver.kind, companyCodes: authOf(request).companyCodes, now: Date.now() };
}
