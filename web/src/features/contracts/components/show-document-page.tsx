// /{lang}/home/show_docu/{docuId} (spec doc 1 §2): the latest PDF of a contract (the final one once
// sealed) in an embedded frame, from a short-lived presigned URL; OK goes back.
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../app/paths';
import { useLang } from '../../../app/use-lang';
import { errorMessage } from '../../../lib/error-message';
import { getDownload } from '../api/contracts-api';
import '../contracts.css';

export function ShowDocumentPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { docuId = '' } = useParams();
  const [state, setState] = useState<{ url: string | null; error: unknown }>({ url: null, error: null });

  useEffect(() => {
    const controller = new AbortController();
    setState({ url: null, error: null });
    getDownload(docuId, controller.signal).then(
      (file) => setState({ url: file.viewUrl, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ url: null, error });
      },
    );
    return () => controller.abort();
  }, [docuId]);

  const back = () => {
    // Opened from the list: go back there; opened directly: the list's Pending tab.
    if (window.history.length > 1) void navigate(-1);
    else void navigate(paths.homeDoc.getHref(lang, 'pending'));
  };

  return (
    <div className="show-document">
      <h1>{t('contracts.showDocument.title')}</h1>
      {state.error !== null && (
        <p className="notice notice-warning" role="alert">
          {t('documents.errors.preparePdf')} {errorMessage(t, state.error)}
        </p>
      )}
      {state.url ? (
        <iframe src={state.url} title={t('contracts.showDocument.frame')} data-testid="document-frame" />
      ) : (
        state.error === null && <Spinner />
      )}
      <div className="form-actions">
        <button type="button" className="button button-primary" onClick={back}>
          {t('contracts.actions.ok')}
        </button>
      </div>
    </div>
  );
}
