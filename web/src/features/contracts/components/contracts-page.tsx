// /{lang}/home/doc/{signed|pending|activity} (spec doc 1 §2): the tabs are links. Signed and Pending
// list the documents the user requested, then those sent to the user as a contractor (matched by
// verified e-mail), each a page at a time ("Load more" follows the server's cursor); Pending then
// lists the user's drafts apart, nothing of them sent yet (issue #14). Activity is a timeline of the
// latest 10 history items across the user's documents. Expired (issue #28) lists the contracts whose
// expiry date passed (the owner may extend them from Details).
import { historyAction } from './history-text';
import { useCallback, useEffect, useState } from 'react';
import { Link, NavLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_LIST_TABS } from '../../../../../shared/domain/status';
import { localeForPath } from '../../../../../shared/i18n/core';
import { NotFound } from '../../../components/not-found';
import { Spinner } from '../../../components/spinner';
import { paths, type DocTab, type Lang } from '../../../app/paths';
import { useLang } from '../../../app/use-lang';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime, timeZoneLabel } from '../../../lib/format';
import {
  getActivity,
  listContracts,
  type ActivityItem,
  type ContractCard as Card,
  type ListRole,
  type ListTab,
} from '../api/contracts-api';
import { ContractCard } from './contract-card';
import '../contracts.css';

/** Signed first (the side menu's lists open there), then the other lists of DOCUMENT_LIST_TABS (the
 *  drafts are a section of Pending), then Activity. */
const TABS: readonly DocTab[] = [
  'signed',
  ...DOCUMENT_LIST_TABS.filter((tab) => tab !== 'draft' && tab !== 'signed'),
  'activity',
];

const TAB_LABELS = {
  signed: 'contracts.tabs.signed',
  pending: 'contracts.tabs.pending',
  expired: 'documents.listLabels.expired',
  activity: 'contracts.tabs.activity',
} as const satisfies Record<DocTab, string>;

function isDocTab(value: unknown): value is DocTab {
  return typeof value === 'string' && (TABS as readonly string[]).includes(value);
}

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

const SECTION_HEADINGS = {
  owner: 'contracts.sections.owned',
  contractor: 'contracts.sections.received',
  drafts: 'contracts.sections.drafts',
} as const;

interface SectionState {
  items: Card[];
  cursor: string | null;
  loading: boolean;
  error: unknown;
}

function ContractSection({
  tab,
  role,
  lang,
  refreshKey,
  onChanged,
}: {
  tab: ListTab;
  role: ListRole;
  lang: Lang;
  refreshKey: number;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const now = useNow();
  const [state, setState] = useState<SectionState>({ items: [], cursor: null, loading: true, error: null });

  useEffect(() => {
    const controller = new AbortController();
    setState({ items: [], cursor: null, loading: true, error: null });
    listContracts({ tab, role }, controller.signal).then(
      (page) => setState({ items: page.items, cursor: page.nextCursor, loading: false, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ items: [], cursor: null, loading: false, error });
      },
    );
    return () => controller.abort();
  }, [tab, role, refreshKey]);

  const more = async () => {
    if (!state.cursor) return;
    setState((s) => ({ ...s, loading: true }));
    try {
      const page = await listContracts({ tab, role, cursor: state.cursor });
      setState((s) => ({
        items: [...s.items, ...page.items],
        cursor: page.nextCursor,
        loading: false,
        error: null,
      }));
    } catch (error) {
      setState((s) => ({ ...s, loading: false, error }));
    }
  };

  // Documents sent to the user, and drafts: the section appears only when there are some.
  const section = tab === 'draft' ? 'drafts' : role;
  if (section !== 'owner' && state.items.length === 0 && !state.error) return null;
  const heading = t(SECTION_HEADINGS[section]);
  return (
    <section className="contracts-section" aria-label={heading} data-testid={`section-${section}`}>
      <h2>{heading}</h2>
      {state.error !== null && (
        <p className="notice notice-warning" role="alert">
          {errorMessage(t, state.error)}
        </p>
      )}
      {state.items.length > 0 ? (
        <ul className="contract-cards">
          {state.items.map((card) => (
            <ContractCard key={card.docuId} card={card} lang={lang} now={now} onChanged={onChanged} />
          ))}
        </ul>
      ) : (
        !state.loading && state.error === null && <p className="muted">{t('contracts.empty')}</p>
      )}
      {state.loading && <Spinner />}
      {state.cursor && !state.loading && (
        <p>
          <button type="button" className="button button-secondary" onClick={() => void more()}>
            {t('contracts.loadMore')}
          </button>
        </p>
      )}
    </section>
  );
}

function ActivityTimeline({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const locale = localeForPath(lang);
  const [state, setState] = useState<{ items: ActivityItem[] | null; error: unknown }>({
    items: null,
    error: null,
  });
  useEffect(() => {
    const controller = new AbortController();
    getActivity(controller.signal).then(
      (res) => setState({ items: res.items, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ items: [], error });
      },
    );
    return () => controller.abort();
  }, []);
  if (state.items === null) return <Spinner />;
  return (
    <section aria-label={t('contracts.activity.title')} data-testid="activity">
      <h2>{t('contracts.activity.title')}</h2>
      {state.error !== null && (
        <p className="notice notice-warning" role="alert">
          {errorMessage(t, state.error)}
        </p>
      )}
      {state.items.length === 0 && state.error === null && (
        <p className="muted">{t('contracts.activity.empty')}</p>
      )}
      <ol className="timeline">
        {state.items.map((item, i) => (
          <li key={`${item.docuId}-${item.time}-${i}`}>
            <time dateTime={item.time}>{formatDateTime(item.time, locale)}</time>
            <Link to={paths.homeShowDocu.getHref(lang, item.docuId)}>
              {item.title || t('contracts.untitled')} ({item.id4.toUpperCase()})
            </Link>{' '}
            {t('contracts.activity.entry', {
              actor: item.actorName || item.actorContactMasked,
              action: historyAction(t, item),
            })}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ContractsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { tab } = useParams();
  const [refreshKey, setRefreshKey] = useState(0);
  const onChanged = useCallback(() => setRefreshKey((k) => k + 1), []);

  if (!isDocTab(tab)) return <NotFound homeHref={paths.home.getHref(lang)} />;
  return (
    <div className="contracts-page">
      <h1>{t('contracts.title')}</h1>
      <nav className="tabs" aria-label={t('contracts.tabs.label')}>
        <ul>
          {TABS.map((key) => (
            <li key={key}>
              <NavLink to={paths.homeDoc.getHref(lang, key)} data-testid={`tab-${key}`}>
                {t(TAB_LABELS[key])}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <p className="muted">{t('contracts.timeZone', { zone: timeZoneLabel(localeForPath(lang)) })}</p>
      {tab === 'activity' ? (
        <ActivityTimeline lang={lang} />
      ) : (
        <>
          <ContractSection
            key={`owner-${tab}`}
            tab={tab}
            role="owner"
            lang={lang}
            refreshKey={refreshKey}
            onChanged={onChanged}
          />
          <ContractSection
            key={`contractor-${tab}`}
            tab={tab}
            role="contractor"
            lang={lang}
            refreshKey={refreshKey}
            onChanged={onChanged}
          />
          {tab === 'pending' && (
            <ContractSection
              key="drafts"
              tab="draft"
              role="owner"
              lang={lang}
              refreshKey={refreshKey}
              onChanged={onChanged}
            />
          )}
        </>
      )}
    </div>
  );
}
