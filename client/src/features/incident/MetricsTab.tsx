import { useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { METRIC_IMAGE_LIMITS, METRIC_IMAGE_TEXTS as T, type ApiMetricImage } from '@tandem/shared-types';
import { Alert } from '../../shared/ui/Alert';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { deleteMetricImage, metricImagesKey, uploadMetricImage, useMetricImages } from './metricImagesApi';

interface MetricsTabProps {
  projectPath: string;
  iid: number;
  /** update_issue: upload and delete. */
  canUpdate: boolean;
}

/**
 * The incident's Metrics tab: its metric images, each with its link (or text); members who may
 * update the incident upload images (with an optional link and text) and delete them after a
 * confirmation. Changes by anyone arrive live (issue.metric_images).
 */
export function MetricsTab({ projectPath, iid, canUpdate }: MetricsTabProps) {
  const images = useMetricImages(projectPath, iid, true);
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<ApiMetricImage | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    setError(null);
    try {
      await deleteMetricImage(projectPath, iid, deleting.id);
      queryClient.setQueryData<ApiMetricImage[]>(metricImagesKey(projectPath, iid), (l) => l?.filter((m) => m.id !== deleting.id));
      setDeleting(null);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="metric-images" data-testid="metric-images">
      {error && (
        <Alert variant="danger" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      )}
      {images.isError && <Alert variant="danger">{T.loadFailed}</Alert>}
      {images.data?.length === 0 && <p className="muted">{T.empty}</p>}
      <ul className="metric-images__list">
        {images.data?.map((m) => (
          <li key={m.id} className="metric-image" data-testid="metric-image">
            <div className="metric-image__header">
              {m.url ? (
                <a href={m.url} target="_blank" rel="noopener noreferrer">
                  {m.url_text || m.url}
                </a>
              ) : (
                <span>{m.url_text || m.filename}</span>
              )}
              {canUpdate && (
                <button type="button" className="btn btn--tertiary btn--small" aria-label={`${T.deleteImage} ${m.filename}`} onClick={() => setDeleting(m)}>
                  {T.deleteImage}
                </button>
              )}
            </div>
            <img className="metric-image__img" src={m.file_path} alt={m.url_text || m.filename} loading="lazy" />
          </li>
        ))}
      </ul>
      {canUpdate && <UploadForm projectPath={projectPath} iid={iid} />}
      <ConfirmDialog open={deleting !== null} title={T.deleteTitle} message={T.deleteConfirm} confirmLabel={T.deleteButton} danger busy={busy} onConfirm={() => void remove()} onOpenChange={(open) => !open && setDeleting(null)} />
    </div>
  );
}

function UploadForm({ projectPath, iid }: { projectPath: string; iid: number }) {
  const id = useId();
  const queryClient = useQueryClient();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [urlText, setUrlText] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tooLarge = file !== null && file.size > METRIC_IMAGE_LIMITS.maxBytes;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file || tooLarge || saving) return;
    setSaving(true);
    setError(null);
    try {
      const image = await uploadMetricImage(projectPath, iid, { file, url, urlText });
      queryClient.setQueryData<ApiMetricImage[]>(metricImagesKey(projectPath, iid), (l) => (l?.some((m) => m.id === image.id) ? l : [...(l ?? []), image]));
      setFile(null);
      setUrl('');
      setUrlText('');
      if (fileRef.current) fileRef.current.value = '';
    } catch (err) {
      setError(`${T.uploadFailed} ${(err as Error).message}`);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="metric-images__upload" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="metric-images__title">
        {T.uploadTitle}
      </h3>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <label className="field">
        <span className="field__label">{T.fileLabel}</span>
        <input ref={fileRef} type="file" accept="image/png,image/jpeg,image/gif,image/webp" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        {tooLarge && <span className="field-error">{`File ${T.tooLarge(METRIC_IMAGE_LIMITS.maxBytes)}`}</span>}
      </label>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-url`}>
          {T.urlLabel}
        </label>
        <input id={`${id}-url`} className="input" type="url" value={url} maxLength={METRIC_IMAGE_LIMITS.urlMaxLength} placeholder="https://" aria-describedby={`${id}-url-help`} onChange={(e) => setUrl(e.target.value)} />
        <span id={`${id}-url-help`} className="muted">
          {T.urlHelp}
        </span>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-text`}>
          {T.urlTextLabel}
        </label>
        <input id={`${id}-text`} className="input" value={urlText} maxLength={METRIC_IMAGE_LIMITS.urlTextMaxLength} aria-describedby={`${id}-text-help`} onChange={(e) => setUrlText(e.target.value)} />
        <span id={`${id}-text-help`} className="muted">
          {T.urlTextHelp}
        </span>
      </div>
      <button type="submit" className="btn btn--confirm" disabled={!file || tooLarge || saving}>
        {saving ? T.uploading : T.upload}
      </button>
    </form>
  );
}
