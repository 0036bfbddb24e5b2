// The frame the two makers of /home/sign share (issue #17): tabs, the chosen tab's panel, the
// message line and the save button. A tab's `make` answers the PNG (base64) to save, or a message.
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnerSignKind } from '../../../../../shared/api/schemas';
import { createOwnerSign } from '../../funnel/api/owner-signs';
import { describeError } from '../../signer/messages';

export interface MakerTab {
  id: OwnerSignKind;
  label: string;
  /** The panel; `setError` shows a message under it (null clears it). */
  panel: (setError: (message: string | null) => void) => ReactNode;
  make: () => { image: string } | { error: string };
}

interface MakerProps {
  title: string;
  saveLabel: string;
  testId: string;
  tabs: MakerTab[];
  onSaved: () => void;
}

export function Maker({ title, saveLabel, testId, tabs, onSaved }: MakerProps) {
  const { t } = useTranslation();
  const [tabId, setTabId] = useState(tabs[0]!.id);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);
  const tab = tabs.find((x) => x.id === tabId) ?? tabs[0]!;

  const save = async () => {
    if (inFlight.current) return;
    setError(null);
    setNotice(null);
    const made = tab.make();
    if ('error' in made) return setError(made.error);
    inFlight.current = true;
    setPending(true);
    try {
      await createOwnerSign({ image: made.image, kind: tab.id });
      setNotice(t('signs.saved'));
      onSaved();
    } catch (err) {
      setError(describeError(t, err));
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };

  return (
    <section className="signs-maker" data-testid={testId} aria-labelledby={`${testId}-title`}>
      <h2 id={`${testId}-title`}>{title}</h2>
      <div className="signer-tabs" role="tablist">
        {tabs.map((x) => (
          <button
            key={x.id}
            type="button"
            role="tab"
            aria-selected={tab.id === x.id}
            className={
              tab.id === x.id ? 'button button-primary button-small' : 'button button-secondary button-small'
            }
            onClick={() => {
              setTabId(x.id);
              setError(null);
              setNotice(null);
            }}
            data-testid={`${testId}-tab-${x.id}`}
          >
            {x.label}
          </button>
        ))}
      </div>
      <div role="tabpanel">{tab.panel(setError)}</div>
      {error && (
        <p className="field-error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
      {notice && (
        <p className="signs-notice" role="status" data-testid={`${testId}-saved`}>
          {notice}
        </p>
      )}
      <button
        type="button"
        className="button button-primary"
        disabled={pending}
        onClick={() => void save()}
        data-testid={`${testId}-save`}
      >
        {saveLabel}
      </button>
    </section>
  );
}
