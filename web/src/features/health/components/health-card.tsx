// The API's health at a glance: overall status and each dependency check with its latency.
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/error-message';
import { useHealth } from '../api/get-health';

export function HealthCard() {
  const { t, i18n } = useTranslation();
  const health = useHealth();
  const latency = new Intl.NumberFormat(i18n.language, {
    style: 'unit',
    unit: 'millisecond',
    unitDisplay: 'short',
    maximumFractionDigits: 0,
  });

  return (
    <section className="card health-card" aria-labelledby="health-title" data-testid="health-card">
      <h2 id="health-title">{t('health.title')}</h2>
      {health.status === 'loading' ? <Spinner /> : null}
      {health.status === 'error' ? (
        <p className="status status-failed" role="alert">
          {errorMessage(t, health.error)}
        </p>
      ) : null}
      {health.status === 'success' ? (
        <>
          <p
            className={`status ${health.data.status === 'ok' ? 'status-ok' : 'status-failed'}`}
            data-testid="health-status"
            data-status={health.data.status}
          >
            {health.data.status === 'ok' ? t('health.ok') : t('health.degraded')}
          </p>
          <table className="health-checks">
            <thead>
              <tr>
                <th scope="col" colSpan={3}>
                  {t('health.check')}
                </th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(health.data.checks).map(([name, check]) => (
                <tr key={name} data-testid={`health-check-${name}`} data-ok={String(check.ok)}>
                  <th scope="row">{name}</th>
                  {/* A mark, not a word: the catalogues have no per-check ok/failed text yet. */}
                  <td className={check.ok ? 'status-ok' : 'status-failed'} title={check.error}>
                    {check.ok ? '✓' : '✕'}
                  </td>
                  <td>{latency.format(check.latencyMs)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}
