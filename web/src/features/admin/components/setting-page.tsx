// /{lang}/admin/setting (issue #20): the effective configuration that is safe to show — limits, the
// chain (id and contract address), the mail sender, feature flags and the sweep. Never a secret.
import { useTranslation } from 'react-i18next';
import { localeForPath } from '../../../../../shared/i18n/core';
import type { AdminSettings } from '../../../../../shared/api/admin';
import type { Lang } from '../../../app/paths';
import { useAsync } from '../../../hooks/use-async';
import { errorMessage } from '../../../lib/error-message';
import { formatNumber } from '../../../lib/format';
import { getSettings } from '../api/admin-api';

function Rows({ caption, rows, testId }: { caption: string; rows: [string, string][]; testId: string }) {
  const { t } = useTranslation();
  return (
    <table className="admin-table" data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('admin.setting.name')}</th>
          <th scope="col">{t('admin.setting.value')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function SettingPage({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const locale = localeForPath(lang);
  const state = useAsync<AdminSettings>((signal) => getSettings(signal), 'settings');
  const n = (value: number) => formatNumber(value, locale);
  const onOff = (on: boolean) => (on ? t('admin.setting.on') : t('admin.setting.off'));

  return (
    <section className="card admin-page" data-testid="admin-setting">
      <h1>{t('admin.setting.heading')}</h1>
      <p>{t('admin.setting.intro')}</p>
      {state.status === 'loading' ? <p>{t('admin.setting.loading')}</p> : null}
      {state.status === 'error' ? (
        <p className="notice notice-warning" role="alert">
          {errorMessage(t, state.error)}
        </p>
      ) : null}
      {state.status === 'success' ? (
        <>
          <Rows
            testId="admin-setting-limits"
            caption={t('admin.setting.limits')}
            rows={[
              [t('admin.setting.maxUpload'), n(state.data.limits.maxUploadBytes)],
              [t('admin.setting.pdfMaxPages'), n(state.data.limits.pdfMaxPages)],
              [t('admin.setting.pdfMaxInflated'), n(state.data.limits.pdfMaxInflatedMb)],
              [t('admin.setting.pdfMaxParse'), n(state.data.limits.pdfMaxParseMs)],
              [t('admin.setting.minAge'), n(state.data.limits.minAge)],
            ]}
          />
          <table className="admin-table" data-testid="admin-setting-rates">
            <caption>{t('admin.setting.rates')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.setting.rule')}</th>
                <th scope="col">{t('admin.setting.limit')}</th>
                <th scope="col">{t('admin.setting.window')}</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(state.data.limits.rates).map(([rule, spec]) => (
                <tr key={rule}>
                  <th scope="row">
                    <code>{rule}</code>
                  </th>
                  <td>{n(spec.limit)}</td>
                  <td>{n(spec.windowSeconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {state.data.chain ? (
            <Rows
              testId="admin-setting-chain"
              caption={t('admin.setting.chain')}
              rows={[
                [t('admin.setting.chainName'), state.data.chain.name],
                [t('admin.setting.chainId'), String(state.data.chain.chainId)],
                [t('admin.setting.contract'), state.data.chain.contractAddress],
              ]}
            />
          ) : (
            <p data-testid="admin-setting-no-chain">{t('admin.setting.noChain')}</p>
          )}
          <Rows
            testId="admin-setting-mail"
            caption={t('admin.setting.mail')}
            rows={[
              [t('admin.setting.mailFrom'), state.data.mail.from],
              ...(state.data.mail.replyTo
                ? [[t('admin.setting.replyTo'), state.data.mail.replyTo] as [string, string]]
                : []),
              [t('admin.setting.appUrl'), state.data.appUrl],
            ]}
          />
          <Rows
            testId="admin-setting-flags"
            caption={t('admin.setting.flags')}
            rows={[
              [t('admin.setting.anchoring'), onOff(state.data.flags.anchoring)],
              [t('admin.setting.smsMode'), state.data.flags.smsMode],
              [t('admin.setting.defaultPhoneCountry'), state.data.flags.defaultPhoneCountry],
            ]}
          />
          <Rows
            testId="admin-setting-sweep"
            caption={t('admin.setting.sweep')}
            rows={[
              [t('admin.setting.sweepMinAge'), n(state.data.sweep.minAgeSeconds)],
              [t('admin.setting.sweepMaxPerRun'), n(state.data.sweep.maxPerRun)],
            ]}
          />
        </>
      ) : null}
    </section>
  );
}
