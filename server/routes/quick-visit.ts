// The user's quick-visit shortcuts: list, add, remove (shell spec §3, §5 Quick access, §7).
import { translate } from '../../domain/i18n';
import { envelope, RESULT_CODE } from '../../domain/wire/envelope';
import { isConsoleLink } from '../../domain/shell/console-link';
import { QUICK_VISIT_ADDED, QUICK_VISIT_REMOVED, type QuickVisit } from '../../domain/wire/entities';
import { authOf } from '../auth/guard';
import { failText, langOf } from '../envelope';
import { callRoute } from './call-route';
import { field, type ContractPlugin } from './plugin';

/** The failure texts the console compares literally (spec §8); success texts live beside the wire types. */
const QUICK_VISIT_ADD_FAILED = '添加失败';
const QUICK_VISIT_REMOVE_FAILED = '移除失败';

export const quickVisitRoutes: ContractPlugin = async (app, { services }) => {
  const { db } = services;

  callRoute(
    app, 'quickVisitList',
    {
      config: { access: 'shell' },
      schema: { querystring: { type: 'object', required: ['userId'], properties: { userId: field.id } } },
    },
    async (request) => {
      const auth = authOf(request);
      if (request.query.userId !== auth.user.id) return failText(request, RESULT_CODE.UNAUTHORIZED, 'server.forbidden');
      const rows: QuickVisit[] = await db
        .selectFrom('quickVisit')
        .select(['id', 'userId', 'quickVisitUrl', 'quickVisitName'])
        .where('userId', '=', auth.user.id)
        .orderBy('id')
        .execute();
      return envelope(rows);
    },
  );

  callRoute(
    app, 'quickVisitAdd',
    {
      config: { access: 'shell' },
      schema: {
        body: {
          type: 'object',
          required: ['userId', 'quickVisitUrl', 'quickVisitName'],
          properties: { userId: field.id, quickVisitUrl: field.nonEmpty(200), quickVisitName: field.nonEmpty(100) },
        },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { userId, quickVisitUrl, quickVisitName } = request.body;
      if (userId !== auth.user.id) return failText(request, RESULT_CODE.UNAUTHORIZED, 'server.forbidden');
      // Only screens of the route registry: a stored link is followed later, and must never leave the site.
      if (!isConsoleLink(quickVisitUrl)) return failText(request, 400, 'quickVisit.notConsoleLink');
      // The unique (user_id, quick_visit_url) key decides; no insert happens for a duplicate, and no race can slip one in.
      const inserted = await db
        .insertInto('quickVisit')
        .values({ userId, quickVisitUrl, quickVisitName })
        .onConflict((oc) => oc.columns(['userId', 'quickVisitUrl']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
        return envelope(QUICK_VISIT_ADD_FAILED, translate(langOf(request), 'quickVisit.exists'));
      }
      return envelope(QUICK_VISIT_ADDED);
    },
  );

  callRoute(
    app, 'quickVisitRemove',
    {
      config: { access: 'shell' },
      schema: { querystring: { type: 'object', required: ['id'], properties: { id: field.id } } },
    },
    async (request) => {
      const auth = authOf(request);
      // Another user's entry reads as unknown: the answer must not tell which ids exist.
      const removed = await db
        .deleteFrom('quickVisit')
        .where('id', '=', request.query.id)
        .where('userId', '=', auth.user.id)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) {
        return envelope(QUICK_VISIT_REMOVE_FAILED, translate(langOf(request), 'quickVisit.removeFail'));
      }
      return envelope(QUICK_VISIT_REMOVED);
    },
  );
};
