// Fence approval for the caller's companies: the list, the pending count, a decision, a submitted change (shell spec §6, §7);
// and, our extension for user_enclosure, a fence created with its drawn outline and an outline sent with a change
// (docs/fences.md). A fence is saved only with an outline of its type: 'a fence must be drawn' otherwise (spec).
import type { FastifyRequest } from 'fastify';
import { FENCE_SHAPE_KINDS, parseFenceShape } from '../../domain/fence-shape';
import { translate } from '../../domain/i18n';
import type { RoutePath } from '../../domain/routes';
import { envelope } from '../../domain/wire/envelope';
import {
  FENCE_APPROVAL_QUERY, FENCE_APPROVAL_STATUS, type FenceApprovalStatus, type FenceChange, type FenceListRow,
} from '../../domain/wire/records';
import { scopedFrom } from '../auth/company-scope';
import { authOf } from '../auth/guard';
import type { Db } from '../db/open';
import type { Row } from '../db/schema';
import { failText, langOf } from '../envelope';
import { callRoute } from './call-route';
import { pagedList } from './paged-list';
import { countOf } from './paging';
import { field, type ContractPlugin } from './plugin';
import { querySchema } from './query-schema';

const STATUS_CODES: readonly number[] = Object.values(FENCE_APPROVAL_STATUS);
const DECISIONS = [FENCE_APPROVAL_STATUS.approved, FENCE_APPROVAL_STATUS.rejected] as const;

function isFenceApprovalStatus(value: number): value is FenceApprovalStatus {
  return STATUS_CODES.includes(value);
}

/** The wire row; a status code outside the three known ones reads as pending (it needs a decision). */
function toRow(fence: Row<'fence'>): FenceListRow {
  const { id, name, type, approvalStatus, modifier, modifyTime, modifyType, approver, approvalTime, address, geometry } = fence;
  const status = isFenceApprovalStatus(approvalStatus) ? approvalStatus : FENCE_APPROVAL_STATUS.pending;
  return { id, name, type, approvalStatus: status, modifier, modifyTime, modifyType, approver, approvalTime, address, geometry };
}

/** The outline as stored: canonical JSON of a shape of this type, or undefined (not drawn, unreadable, another shape). */
function drawnOutline(geometry: string | undefined, type: string): string | undefined {
  const shape = parseFenceShape(geometry ?? null);
  return shape?.properties.shape === type ? JSON.stringify(shape) : undefined;
}

/** A generous bound: a polygon of a few thousand corners, never megabytes. */
const GEOMETRY_MAX = 200_000;

/** Approval decides and counts the pending (the spec's poll links there); user fences draw new ones; both list and amend. */
const APPROVAL: RoutePath = '/setting/base_data/enclosure_approval';
const USER_FENCES: RoutePath = '/setting/base_data/user_enclosure';

/** Fences of these companies; a fence of any other company does not exist for the caller. */
function visibleFences(db: Db, companyCodes: readonly string[]) {
  return scopedFrom(db, companyCodes, 'fence');
}

export const fenceRoutes: ContractPlugin = async (app, { services }) => {
  const { db } = services;
  const notFound = (request: FastifyRequest, id: number) =>
    failText(request, 404, 'server.notFoundId', { name: translate(langOf(request), 'server.fenceId', { id }) });

  callRoute(app, 'fenceApprovalTimer', { config: { access: APPROVAL } }, async (request) => {
    const pending = countOf(
      await visibleFences(db, authOf(request).companyCodes)
        .where('approvalStatus', '=', FENCE_APPROVAL_STATUS.pending)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirst(),
    );
    return envelope(services.wire.fenceTimer(pending));
  });

  callRoute(
    app, 'fenceApprovalList',
    { config: { access: [APPROVAL, USER_FENCES] }, schema: { querystring: querySchema(FENCE_APPROVAL_QUERY) } },
    async (request) => {
      const { approvalStatus } = request.query;
      const fences = db.selectFrom('fence');
      return pagedList(request, {
        from: approvalStatus === undefined ? fences : fences.where('approvalStatus', '=', approvalStatus),
        companyColumn: 'companyCode',
        companyCodes: authOf(request).companyCodes,
        query: request.query,
        select: (rows) => rows.selectAll(),
        orderBy: [['modifyTime', 'desc'], ['id', 'desc']],
        toWire: toRow,
      });
    },
  );

  callRoute(
    app, 'fenceApprovalById',
    {
      config: { access: APPROVAL },
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: field.id } },
        body: { type: 'object', required: ['approvalStatus'], properties: { approvalStatus: { type: 'integer', enum: DECISIONS } } },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { id } = request.params;
      const decision = request.body.approvalStatus;
      const fence = await visibleFences(db, auth.companyCodes).selectAll().where('id', '=', id).executeTakeFirst();
      if (!fence) return notFound(request, id);
      const decided = { approvalStatus: decision, approver: auth.user.userName, approvalTime: Date.now() };
      await db.updateTable('fence').set(decided).where('id', '=', id).execute();
      const lang = langOf(request);
      const state = translate(lang, decision === FENCE_APPROVAL_STATUS.approved ? 'fence.approved' : 'fence.notApproved');
      return envelope(toRow({ ...fence, ...decided }), translate(lang, 'fence.approvalChanged', { state }));
    },
  );

  callRoute<'fenceApprovalUpdate', FenceChange>(
    app, 'fenceApprovalUpdate',
    {
      config: { access: [APPROVAL, USER_FENCES] },
      schema: {
        body: {
          type: 'object',
          required: ['id', 'name', 'type', 'address'],
          properties: {
            id: field.id,
            name: field.nonEmpty(100),
            type: field.nonEmpty(20),
            address: field.text(200),
            geometry: field.text(GEOMETRY_MAX),
          },
        },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { id, name, type, address } = request.body;
      const drawn = request.body.geometry === undefined ? undefined : drawnOutline(request.body.geometry, type);
      if (request.body.geometry !== undefined && drawn === undefined) return failText(request, 400, 'validation.fenceRequired');
      const fence = await visibleFences(db, auth.companyCodes).select(['id', 'geometry']).where('id', '=', id).executeTakeFirst();
      if (!fence) return notFound(request, id);
      // Without a new outline the old one stays only while it is of the type: a fence made another shape has none until drawn again.
      const geometry = drawn ?? (parseFenceShape(fence.geometry)?.properties.shape === type ? fence.geometry : null);
      // A changed fence waits for a new decision: the old approver and time no longer apply.
      await db
        .updateTable('fence')
        .set({
          name, type, address, geometry,
          approvalStatus: FENCE_APPROVAL_STATUS.pending, modifyType: 'modify', modifier: auth.user.userName, modifyTime: Date.now(),
          approver: null, approvalTime: null,
        })
        .where('id', '=', id)
        .execute();
      return envelope(true);
    },
  );

  callRoute(
    app, 'fenceCreate',
    {
      config: { access: USER_FENCES },
      schema: {
        body: {
          type: 'object',
          required: ['name', 'type', 'address', 'companyCode'],
          properties: {
            name: field.nonEmpty(100),
            type: { type: 'string', enum: FENCE_SHAPE_KINDS },
            address: field.text(200),
            companyCode: field.nonEmpty(50),
            geometry: field.text(GEOMETRY_MAX),
          },
        },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { name, type, address, companyCode } = request.body;
      if (!auth.companyCodes.includes(companyCode)) {
        return failText(request, 400, 'server.badField', { field: 'companyCode' });
      }
      const geometry = drawnOutline(request.body.geometry, type);
      if (geometry === undefined) return failText(request, 400, 'validation.fenceRequired');
      const created = await db
        .insertInto('fence')
        .values({
          name, type, address, companyCode, geometry,
          approvalStatus: FENCE_APPROVAL_STATUS.pending, modifyType: 'new', modifier: auth.user.userName, modifyTime: Date.now(),
          approver: null, approvalTime: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return envelope(toRow(created));
    },
  );
};
