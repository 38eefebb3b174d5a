import './pickers.css';

/** Pretty-printed JSON for the inspect overlays (developer mode), named for assistive tech. */
export function JsonViewer({ value, label }: { value: unknown; label: string }) {
  return (
    <pre className="json-viewer" role="region" aria-label={label} tabIndex={0}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
