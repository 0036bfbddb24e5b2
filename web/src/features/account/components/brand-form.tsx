// My Info → Brand (issue #29 item 2): a logo (PNG or JPEG, previewed before saving) and an accent
// colour (a picker and a hex field, with the live contrast ratio against white; under 4.5:1 it is
// refused here and by the server). Save → PUT /api/me/brand; Remove brand → DELETE. A plan without
// branding shows the controls disabled with the plans link; a company member sees who manages it.
import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BrandSettings } from '../../../../../shared/api/schemas';
import {
  accentPassesAA,
  BRAND_LOGO_LIMITS,
  contrastWithWhite,
  normalizeHexColor,
  SIGNSEAL_ACCENT,
} from '../../../../../shared/domain/brand';
import { paths, type Lang } from '../../../app/paths';
import { errorMessage } from '../../../lib/error-message';
import { getBrand, removeBrand, saveBrand } from '../api/brand-api';
import '../brand.css';

type Status =
  | { kind: 'loading' }
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; key: 'brand.saved' | 'brand.removed' }
  | { kind: 'failed'; message: string };

/** The logo the owner chose: its bytes as a data URL (sent as is; the server checks and re-encodes). */
type PickedLogo = { dataUrl: string; name: string } | null;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export function BrandForm({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const id = useId();
  const [settings, setSettings] = useState<BrandSettings | null>(null);
  const [hex, setHex] = useState(SIGNSEAL_ACCENT);
  const [picked, setPicked] = useState<PickedLogo>(null);
  const [dropLogo, setDropLogo] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'loading' });

  const adopt = (s: BrandSettings) => {
    setSettings(s);
    setHex(s.brand?.color ?? SIGNSEAL_ACCENT);
    setPicked(null);
    setDropLogo(false);
  };

  useEffect(() => {
    let live = true;
    getBrand()
      .then((s) => {
        if (!live) return;
        adopt(s);
        setStatus({ kind: 'idle' });
      })
      .catch((error: unknown) => live && setStatus({ kind: 'failed', message: errorMessage(t, error) }));
    return () => {
      live = false;
    };
  }, [t]);

  const color = normalizeHexColor(hex);
  const ratio = color ? contrastWithWhite(color) : null;
  const passes = color !== null && accentPassesAA(color);
  const editable = settings !== null && settings.role === 'owner' && settings.allowed;
  const busy = status.kind === 'busy' || status.kind === 'loading';
  const storedLogo = dropLogo ? null : (settings?.brand?.logoPath ?? null);
  const preview = picked?.dataUrl ?? storedLogo;

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    setStatus({ kind: 'idle' });
    setFileError(null);
    const file = e.target.files?.[0];
    if (!file) return;
    if (!['image/png', 'image/jpeg'].includes(file.type)) {
      setFileError(t('brand.errors.notImage'));
      e.target.value = '';
      return;
    }
    if (file.size > BRAND_LOGO_LIMITS.maxBytes) {
      setFileError(t('brand.errors.tooLarge'));
      e.target.value = '';
      return;
    }
    setPicked({ dataUrl: await readAsDataUrl(file), name: file.name });
    setDropLogo(false);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!color || !passes) {
      event.currentTarget.querySelector<HTMLElement>(`#${CSS.escape(`${id}-hex`)}`)?.focus();
      return;
    }
    setStatus({ kind: 'busy' });
    try {
      const logo = picked ? { logo: picked.dataUrl } : dropLogo ? { logo: null } : {};
      adopt(await saveBrand({ color, ...logo }));
      setStatus({ kind: 'done', key: 'brand.saved' });
    } catch (error) {
      setStatus({ kind: 'failed', message: errorMessage(t, error) });
    }
  };

  const remove = async () => {
    setStatus({ kind: 'busy' });
    try {
      adopt(await removeBrand());
      setStatus({ kind: 'done', key: 'brand.removed' });
    } catch (error) {
      setStatus({ kind: 'failed', message: errorMessage(t, error) });
    }
  };

  const titleId = `${id}-title`;
  const colorError = color === null ? t('brand.errors.badColor') : passes ? null : t('brand.contrastLow');
  return (
    <form
      className="card brand-form"
      aria-labelledby={titleId}
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="brand-form"
    >
      <h2 id={titleId}>{t('brand.title')}</h2>
      <p className="field-hint">{t('brand.intro')}</p>
      {settings?.role === 'member' && settings.managedBy ? (
        <p data-testid="brand-managed-by">
          {t('brand.managedBy', { name: settings.managedBy.name, email: settings.managedBy.email })}
        </p>
      ) : null}
      {settings && settings.role === 'owner' && !settings.allowed ? (
        <p data-testid="brand-plan-required">
          {settings.brand ? t('brand.notApplied') : t('brand.planRequired')}{' '}
          <Link to={paths.homeSelectPlan.getHref(lang)} className="button button-secondary">
            {t('brand.viewPlans')}
          </Link>
        </p>
      ) : null}
      <fieldset disabled={!editable || busy} className="brand-fields">
        <legend className="visually-hidden">{t('brand.title')}</legend>
        <div className="field">
          <span id={`${id}-logo-label`}>{t('brand.logo')}</span>
          <div className="brand-preview" data-testid="brand-preview">
            {preview ? (
              <img src={preview} alt={t('brand.logoPreviewAlt')} data-testid="brand-preview-img" />
            ) : (
              <span className="field-hint">{t('brand.noLogo')}</span>
            )}
          </div>
          <label htmlFor={`${id}-file`} className="brand-file-label">
            {t('brand.chooseLogo')}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept="image/png,image/jpeg"
            aria-describedby={`${id}-logo-hint${fileError ? ` ${id}-logo-error` : ''}`}
            onChange={(e) => void onFile(e)}
            data-testid="brand-file"
          />
          <p id={`${id}-logo-hint`} className="field-hint">
            {t('brand.logoHint')}
          </p>
          {fileError ? (
            <p id={`${id}-logo-error`} className="field-error" role="alert">
              {fileError}
            </p>
          ) : null}
          {preview ? (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setPicked(null);
                setDropLogo(true);
              }}
            >
              {t('brand.removeLogo')}
            </button>
          ) : null}
        </div>
        <div className="field brand-color">
          <label htmlFor={`${id}-picker`}>{t('brand.color')}</label>
          <div className="brand-color-row">
            <input
              id={`${id}-picker`}
              type="color"
              value={color ?? SIGNSEAL_ACCENT}
              onChange={(e) => setHex(e.target.value)}
              data-testid="brand-color-picker"
            />
            <label htmlFor={`${id}-hex`} className="visually-hidden">
              {t('brand.colorHex')}
            </label>
            <input
              id={`${id}-hex`}
              type="text"
              inputMode="text"
              autoComplete="off"
              spellCheck={false}
              maxLength={7}
              value={hex}
              aria-invalid={colorError ? true : undefined}
              aria-describedby={`${id}-contrast`}
              onChange={(e) => setHex(e.target.value)}
              data-testid="brand-hex"
            />
            <span
              className="brand-swatch"
              aria-hidden="true"
              style={{ background: color ?? 'transparent' }}
            />
          </div>
          <p
            id={`${id}-contrast`}
            className={colorError ? 'field-error' : 'field-hint'}
            aria-live="polite"
            data-testid="brand-contrast"
          >
            {ratio !== null ? (
              <span data-testid="brand-ratio">{t('brand.contrast', { ratio: ratio.toFixed(2) })}</span>
            ) : null}{' '}
            <span>{colorError ?? t('brand.contrastOk')}</span>
          </p>
        </div>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={!passes} data-testid="brand-save">
            {t('brand.save')}
          </button>
          {settings?.brand ? (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => void remove()}
              data-testid="brand-remove"
            >
              {t('brand.remove')}
            </button>
          ) : null}
        </div>
      </fieldset>
      <p className="form-status" role="status" aria-live="polite" data-testid="brand-status">
        {status.kind === 'done'
          ? t(status.key)
          : settings && !settings.brand && status.kind === 'idle'
            ? t('brand.noBrand')
            : null}
      </p>
      {status.kind === 'failed' ? (
        <p className="field-error" role="alert" data-testid="brand-error">
          {status.message}
        </p>
      ) : null}
    </form>
  );
}
