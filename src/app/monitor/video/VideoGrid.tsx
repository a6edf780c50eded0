// The panes in a square grid of 1, 4 or 9.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Layout } from './wall-state';

export function VideoGrid({ layout, children }: { readonly layout: Layout; readonly children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="video__grid" role="group" aria-label={t('video.panes')} data-layout={layout} style={{ gridTemplateColumns: `repeat(${Math.sqrt(layout)}, minmax(0, 1fr))` }}>
      {children}
    </div>
  );
}
