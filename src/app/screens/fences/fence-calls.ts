// The fence calls of user_enclosure and enclosure_approval (docs/fences.md): the list with each fence's outline, a new
// fence, a change (back to pending), a decision. The outline travels as GeoJSON text in WGS-84.
import { callPath, CallError } from '../../../api/client';
import type { FenceShape, FenceShapeKind } from '../../../../domain/fence-shape';
import type { FenceApprovalStatus, FenceListRow, Paged } from '../../../../domain/wire/records';

/** A listed fence with its outline (the wire's FenceListRow). */
export type FenceRow = FenceListRow;

/** What the form sends: a new fence has no id, a change has one. */
export interface FenceDraft {
  readonly id?: number;
  readonly name: string;
  readonly type: FenceShapeKind;
  readonly address: string;
  readonly companyCode: string;
  readonly shape: FenceShape;
}

const PATH = '/fenceApproval';
/** One page large enough for a company's fences; the screens list them all and page nothing. */
const PAGE = { page: 1, size: 500 } as const;
/** A refused field comes back to the form, which shows it under the map instead of a toast. */
const BAD_REQUEST = 400;

export async function listFences(approvalStatus?: FenceApprovalStatus): Promise<readonly FenceRow[]> {
  const answer = await callPath<Paged<FenceRow>>('GET', PATH, { ...PAGE, approvalStatus });
  return answer.rows;
}

/** Saves a draft: the refusal's message (400) is returned for the form to show; other failures are told by the client. */
export async function saveFence(draft: FenceDraft): Promise<string | undefined> {
  const { id, shape, companyCode, ...fields } = draft;
  const geometry = JSON.stringify(shape);
  try {
    if (id === undefined) await callPath('POST', PATH, { ...fields, companyCode, geometry }, { passBackCodes: [BAD_REQUEST] });
    else await callPath('PUT', PATH, { id, ...fields, geometry }, { passBackCodes: [BAD_REQUEST] });
    return undefined;
  } catch (error) {
    if (error instanceof CallError && error.resultCode === BAD_REQUEST) return error.message;
    throw error;
  }
}

export function decideFence(id: number, approvalStatus: FenceApprovalStatus): Promise<FenceRow> {
  return callPath<FenceRow>('POST', `${PATH}/${id}`, { approvalStatus });
}
