// A photo field of the edit form (a driver's photo, params spec §5): the chosen file is checked by name and size here
// (jpg, jpeg, gif or png under 1 MB, with the spec's messages), uploaded at once, checked again by content on the
// server, and shown as a thumbnail; the field's value is the stored photo's name.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallError, uploadPath } from '../../../api/client';
import { API_BASE } from '../../../../workers/backend-address';
import type { EntityDef } from '../../../../domain/screens/entities/definition';
import { ENTITY_RESULT, PHOTO_READ_PATH, isStoredPhoto, photoUploadPath } from '../../../../domain/screens/entities/wire';
import { checkDriverPhoto } from '../../../../domain/validation';
import { reportFailure } from '../../reactions';
import type { FieldMessage } from './entity-form';

interface PhotoFieldProps {
  readonly def: EntityDef;
  readonly id: string;
  readonly label: string;
  /** The stored photo's name, '' for none. */
  readonly value: string;
  readonly describedBy: string | undefined;
  readonly onChange: (value: string) => void;
  /** A file refused here or by the server: its message under the field. */
  readonly onRefused: (message: FieldMessage) => void;
}

function photoUrl(name: string): string {
  return `${API_BASE}${PHOTO_READ_PATH}/${encodeURIComponent(name)}`;
}

export function PhotoField({ def, id, label, value, describedBy, onChange, onRefused }: PhotoFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    const key = checkDriverPhoto(file);
    if (key) return onRefused({ key });
    setUploading(true);
    try {
      const answer = await uploadPath<unknown>(photoUploadPath(def.path), file, { passBackCodes: [ENTITY_RESULT.refused] });
      if (isStoredPhoto(answer)) onChange(answer.name);
    } catch (error) {
      if (error instanceof CallError && error.resultCode === ENTITY_RESULT.refused) onRefused({ text: error.message });
      else reportFailure(error);
    } finally {
      setUploading(false);
      // The same file may be chosen again after a refusal.
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="entity-photo">
      {value !== '' && <img className="entity-photo__thumb" src={photoUrl(value)} alt={t('entity.photo.alt', { name: label })} width={90} height={120} />}
      <div className="entity-photo__controls">
        <input
          ref={input}
          id={id}
          className="entity-photo__file"
          type="file"
          accept=".jpg,.jpeg,.gif,.png,image/jpeg,image/gif,image/png"
          aria-describedby={[describedBy, `${id}-hint`].filter(Boolean).join(' ')}
          disabled={uploading}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        {value !== '' && (
          <button type="button" className="entity-link entity-link--danger" onClick={() => onChange('')}>
            {t('entity.photo.remove')}
          </button>
        )}
        <small id={`${id}-hint`} className="entity-photo__hint" role={uploading ? 'status' : undefined}>
          {uploading ? t('entity.photo.uploading') : t('entity.photo.hint')}
        </small>
      </div>
    </div>
  );
}
