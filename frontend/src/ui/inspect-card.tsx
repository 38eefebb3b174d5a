import { JsonViewer } from './json-viewer.tsx';
import { SideCard } from './side-card.tsx';

/** An inspect overlay (developer mode): the stored item as JSON in a side card. */
export function InspectCard({ title, value, onClose }: { title: string; value: unknown; onClose: () => void }) {
  return (
    <SideCard title={title} onClose={onClose} closeOnEscape>
      <JsonViewer value={value} label={title} />
    </SideCard>
  );
}
