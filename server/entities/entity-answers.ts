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
      const lang = langOf(request);
      const user = current.modifiedBy ?? translate(lang, 'entity.none');
      const time = current.modifiedAt === null ? translate(lang, 'entity.none') : displayDateTime(current.modifiedAt, lang, zoneOf(request));
      return failData<VersionConflict>(request, ENTITY_RESULT.conflict, 'entity.conflict', { user, time }, { current });
    }
    case 'notFound':
      return failText(request, 404, 'entity.notFound');
  }
}
