import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons.tsx';
import { useEscape } from './use-escape.ts';
import { useIsNarrow } from './use-narrow.ts';
import './ui.css';

interface MasterDetailProps {
  /** The list. */
  master: ReactNode;
  /** The selected item's details; null when nothing is selected. */
  detail: ReactNode | null;
  /** Accessible name of the details pane. */
  detailLabel: string;
  onCloseDetail: () => void;
}

/**
 * A list with a details pane beside it; up to 920px wide the details show as an overlay with a
 * close button instead (spec 000 §2).
 */
export function MasterDetail({ master, detail, detailLabel, onCloseDetail }: MasterDetailProps) {
  const { t } = useTranslation('app');
  const narrow = useIsNarrow();
  const overlay = narrow && detail !== null;
  useEscape(overlay, onCloseDetail);

  if (!narrow) {
    return (
      <div className="master-detail">
        <div className="master-detail__master">{master}</div>
        <section className="master-detail__detail" aria-label={detailLabel}>
          {detail}
        </section>
      </div>
    );
  }
  return (
    <div className="master-detail master-detail--narrow">
      <div className="master-detail__master">{master}</div>
      {overlay ? (
        <div className="master-detail__overlay" role="dialog" aria-modal="true" aria-label={detailLabel}>
          <div className="master-detail__overlay-bar">
            <button type="button" className="icon-button" aria-label={t('ui.close')} onClick={onCloseDetail}>
              <CloseIcon />
            </button>
          </div>
          {detail}
        </div>
      ) : null}
    </div>
  );
}
