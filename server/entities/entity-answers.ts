// What an entity write answers, in the caller's language: the saved row; a refused field (400, data {field}); a stale
// version (409, data {current}, naming who changed the row and when, in the caller's zone); a row the caller cannot
// see (404).
import type { FastifyRequest } from 'fastify';
import { displayDateTime } from '../../domain/format/time';
import { translate } from '../../domain/i18n';
import { ENTITY_RESULT, type EntityRow, type FieldRefusal, type VersionConflict } from '../../domain/screens/entities/wire';
import { envelope, type Envelope } from '../../domain/wire/envelope';
import { failData, failText, langOf, zoneOf } from '../envelope';
import type { WriteResult } from './entity-write';

/**
 * Who last changed a row and when, for the stale-save message (entity.conflict): in the caller's language, the time
 * in the zone the caller's console shows; 无 / none for what the row does not record.
 */
export function conflictValues(request: FastifyRequest, current: { readonly modifiedBy: string | null; readonly modifiedAt: number | null }): { user: string; time: string } {
  const lang = langOf(request);
  return {
    user: current.modifiedBy ?? translate(lang, 'entity.none'),
    time: current.modifiedAt === null ? translate(lang, 'entity.none') : displayDateTime(current.modifiedAt, lang, zoneOf(request)),
  };
}

type WriteAnswer = Envelope<EntityRow> | Envelope<FieldRefusal> | Envelope<VersionConflict> | Envelope<null>;

export function writeAnswer(request: FastifyRequest, result: WriteResult): WriteAnswer {
  switch (result.kind) {
    case 'saved':
      return envelope(result.row);
    case 'refused': {
      const { field, key, params } = result.problem;
      return failData<FieldRefusal>(request, ENTITY_RESULT.refused, key, params, { field });
    }
    case 'conflict': {
      const { current } = result;
      return failData<VersionConflict>(request, ENTITY_RESULT.conflict, 'entity.conflict', conflictValues(request, current), { current });
    }
    case 'notFound':
      return failText(request, 404, 'entity.notFound');
  }
}
