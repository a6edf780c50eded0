// A truck's parameter files (params_files): read the device's copy, and send an edited file to trucks. The
// server checks the text again as the editor did (every limit, no change to a value the device reports) and refuses
// an edit made from a copy the device has changed since.
import { translate, type Lang } from '../../domain/i18n';
import type { RoutePath } from '../../domain/routes';
import { paramFileDef } from '../../domain/params/catalogue';
import { FILE_SEND_PENDING } from '../../domain/params/send-status';
import { PARAM_FILE_NAMES, type ParamFileDef, type ParamFileName } from '../../domain/params/catalogue-types';
import { diffParamDocuments } from '../../domain/params/param-diff';
import { checkParamEdit, type ParamProblem } from '../../domain/params/param-limits';
import { parseParamFile, withParamValue, writeParamFile, type ParamDocument } from '../../domain/params/param-text';
import {
  SEND_CALL_PATHS, type DeviceFileAnswer, type FileProblems, type FileSendRequest, type SendAnswer, type SendRow,
} from '../../domain/params/send-wire';
import { envelope } from '../../domain/wire/envelope';
import { authOf } from '../auth/guard';
import type { Db } from '../db/open';
import { failData, failText, langOf } from '../envelope';
import { field, type ContractPlugin } from '../routes/plugin';
import { readDeviceFile, readDeviceFiles } from './device-files';
import { sendRowById } from './send-list';
import { announceRows, createdRows } from './send-notices';
import { createSends, stepsFor, type SendTruck } from './send-store';
import { parseIdList, trucksByIds } from './send-trucks';

const ACCESS: { readonly access: RoutePath } = { access: '/setting/device_parameter/params_files' };
/** The largest file a device keeps: the upload limit. */
const MAX_FILE_CHARS = 1024 * 1024;
const NAME = { type: 'string', enum: PARAM_FILE_NAMES } as const;

function problemsOf(lang: Lang, problems: readonly ParamProblem[]): FileProblems {
  return { problems: problems.map(({ path, problem }) => ({ ...path, message: translate(lang, problem.key, problem.values) })) };
}

/** The edit's changes made to another truck's own copy; undefined when its file is laid out otherwise (fewer probes). */
function sameChanges(def: ParamFileDef, base: ParamDocument, edited: ParamDocument, target: ParamDocument): ParamDocument | undefined {
  try {
    let doc = target;
    for (const change of diffParamDocuments(def, base, edited)) {
      if (change.after === undefined) return undefined;
      doc = withParamValue(doc, change.path, change.after);
    }
    return doc;
  } catch {
    return undefined;
  }
}

/** The send of this file to this truck still under way, as the list shows it. */
async function pendingSend(db: Db, truckId: number, name: string, companyCodes: readonly string[]): Promise<SendRow | null> {
  const pending = await db.selectFrom('deviceSend').select('id').where('truckId', '=', truckId).where('kind', '=', 'paramFile')
    .where('target', '=', name).where('status', 'in', [...FILE_SEND_PENDING]).orderBy('id', 'desc').executeTakeFirst();
  return pending ? ((await sendRowById(db, pending.id, companyCodes)) ?? null) : null;
}

export const deviceFileRoutes: ContractPlugin = async (app, { services }) => {
  const { db } = services;

  app.get<{ Querystring: { truckId: number; name: ParamFileName } }>(
    SEND_CALL_PATHS.deviceFile,
    { config: ACCESS, schema: { querystring: { type: 'object', required: ['truckId', 'name'], properties: { truckId: field.id, name: NAME } } } },
    async (request) => {
      const { truckId, name } = request.query;
      const [truck] = await trucksByIds(db, [truckId], authOf(request).companyCodes);
      if (!truck) return failText(request, 400, 'deviceSend.badTrucks');
      const file = await readDeviceFile(db, truckId, name, Date.now());
      if (!file) return failText(request, 400, 'deviceSend.badTrucks');
      return envelope<DeviceFileAnswer>({ truckId, name, ...file, pending: await pendingSend(db, truckId, name, authOf(request).companyCodes) });
    },
  );

  app.post<{ Body: FileSendRequest }>(
    SEND_CALL_PATHS.sendFile,
    {
      config: ACCESS,
      schema: {
        body: {
          type: 'object', required: ['name', 'truckId', 'content'],
          properties: {
            name: NAME, truckId: field.id, truckIds: field.text(110_000), content: field.text(MAX_FILE_CHARS),
            baseVersion: field.id, description: field.text(200),
          },
        },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const lang = langOf(request);
      const { name, truckId, content, baseVersion } = request.body;
      const def = paramFileDef(name);
      const now = Date.now();
      const ids = request.body.truckIds?.trim() ? parseIdList(request.body.truckIds) : [truckId];
      if (!ids) return failText(request, 400, 'deviceSend.badTrucks');
      const trucks = await trucksByIds(db, [...new Set([truckId, ...ids])], auth.companyCodes);
      if (!trucks.some((truck) => truck.id === truckId)) return failText(request, 400, 'deviceSend.badTrucks');
      const base = await readDeviceFile(db, truckId, name, now);
      if (!base) return failText(request, 400, 'deviceSend.badTrucks');
      if (baseVersion !== undefined && baseVersion !== base.version) return failText(request, 409, 'deviceSend.staleCopy');
      const parsed = parseParamFile(def, content);
      if (!parsed.ok) {
        return failData<FileProblems>(request, 400, parsed.problem.key, parsed.problem.values, {
          line: parsed.line, problems: [{ key: '', message: translate(lang, parsed.problem.key, parsed.problem.values) }],
        });
      }
      const baseParsed = parseParamFile(def, base.content);
      if (!baseParsed.ok) return failText(request, 500, 'deviceSend.badDeviceCopy');
      const problems = checkParamEdit(def, baseParsed.doc, parsed.doc);
      const [first] = problems;
      if (first) return failData(request, 400, first.problem.key, first.problem.values, problemsOf(lang, problems));

      // Every target's own copy with the same changes; one laid out otherwise is refused with a reason.
      const payloads = new Map<number, string>();
      const laidOut: SendAnswer['refused'][number][] = [];
      const chosen = trucks.filter((candidate) => ids.includes(candidate.id));
      const copies = await readDeviceFiles(db, chosen.filter((truck) => truck.id !== truckId).map((truck) => truck.id), name, now);
      for (const truck of chosen) {
        if (truck.id === truckId) {
          payloads.set(truck.id, content);
          continue;
        }
        const own = copies.get(truck.id);
        const ownParsed = own ? parseParamFile(def, own.content) : undefined;
        const changed = ownParsed?.ok ? sameChanges(def, baseParsed.doc, parsed.doc, ownParsed.doc) : undefined;
        if (changed) payloads.set(truck.id, writeParamFile(changed));
        else laidOut.push({ truckId: truck.id, signCode: truck.signCode, reason: translate(lang, 'deviceSend.otherLayout') });
      }
      const targets: SendTruck[] = trucks.filter((truck) => payloads.has(truck.id));
      const answer = await createSends(
        db,
        {
          kind: 'paramFile', target: name, description: request.body.description?.trim() ?? '', sourceId: null,
          payload: (truck) => payloads.get(truck.id) ?? content, steps: stepsFor(Buffer.byteLength(content)),
        },
        targets, auth.user.userName, now, translate(lang, 'deviceSend.pending'),
      );
      announceRows(services, createdRows(answer.sends, trucks));
      return envelope({ sends: answer.sends, refused: [...answer.refused, ...laidOut] });
    },
  );
};
