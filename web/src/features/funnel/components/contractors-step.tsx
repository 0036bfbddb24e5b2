// Configuring Contractors (addrcpt): rows of name and contact, add and remove (x), an address-book
// dropdown per row (disabled while the row has content), and the optional recipients of the completed
// document. Next is enabled once a row has both a name and a contact; it runs the shared rules first
// (the message shows at its row), then saves, and the server's answer is shown the same way.
// A video contract's list is optional (vcaddrcpt, issue #16): it may stay empty, and Next is always
// enabled, but rows that exist get the same checks; the owner's own row (index 0) is not shown.
// Routing (issue #28): each row's role and, in order, its signing group; the signing order, reminders,
// expiry and forwarding. A new draft starts from My Info's defaults, a saved one from what was saved;
// a refusal (the form's checks or the server's) is shown beside the section it concerns and keeps
// everything typed.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddressBookResponse } from '../../../../../shared/api/schemas';
import type { CountryCode } from 'libphonenumber-js';
import { defaultCountryFor } from '../../../../../shared/domain/contact';
import { canProceed, isOwnerContact, validateContractors } from '../../../../../shared/domain/contractors';
import type { SigningOrder } from '../../../../../shared/domain/routing';
import { useAppConfig } from '../../../app/app-context';
import { ApiError } from '../../../lib/api-client';
import { useSessionUser } from '../../auth/session';
import { getAddressBook, saveRecipients } from '../api/documents';
import { describeError, describeKey, errorRow } from '../messages';
import {
  checkRouting,
  initialDraft,
  sectionOfCode,
  type RoutingDraft,
  type RoutingProblem,
} from '../routing-form';
import { ContractorRow, type Row, type RowError } from './contractor-row';
import { ErrorText } from './error-text';
import { FinalRecipients, type Final } from './final-recipients';
import { OrderChoice, OrderPreview, RoutingExtras, type SectionError } from './routing-settings';
import type { StepProps } from './step-props';
import { StepNav } from './step-nav';

type Entry = AddressBookResponse['entries'][number];

/** The reminder input a server refusal names (`details.field`), if any. */
function reminderFieldOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || typeof error.details !== 'object' || error.details === null) {
    return undefined;
  }
  const field = (error.details as { field?: unknown }).field;
  return typeof field === 'string' ? field : undefined;
}

/** Where the step's message is shown: in a row, beside a routing section, or under the list. */
type StepError =
  | { at: 'row'; row: number; error: RowError }
  | { at: 'order' | 'roles' | 'reminders' | 'expiry'; error: SectionError }
  | { at: 'list'; message: string };

export function ContractorsStep({
  doc,
  lang,
  onSaved,
  onPrevious,
  onNext,
  optional = false,
}: StepProps & { onNext: () => void; optional?: boolean }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const me = useSessionUser();
  const nextId = useRef(0);
  const newRow = (name = '', contact = '', group = '1'): Row => ({
    id: nextId.current++,
    name,
    contact,
    role: 'signer',
    group,
  });
  // Without rows: one blank row to fill, except in an optional list (Add contractor makes one).
  const blank = (): Row[] => (optional ? [] : [newRow()]);
  const [rows, setRows] = useState<Row[]>(() => {
    const contractors = optional ? doc.recipients.filter((r) => !r.isOwner) : doc.recipients;
    return contractors.length > 0
      ? contractors.map((r) => ({ ...newRow(r.name, r.contact, String(r.group)), role: r.role }))
      : blank();
  });
  const [draft, setDraft] = useState<RoutingDraft>(() =>
    initialDraft(doc, me?.routingDefaults ?? null, new Date()),
  );
  const [finals, setFinals] = useState<Final[]>(() =>
    doc.finalRecipients.map((contact) => ({ id: nextId.current++, contact })),
  );
  const [book, setBook] = useState<readonly Entry[]>([]);
  const [error, setError] = useState<StepError | null>(null);
  const [busy, setBusy] = useState(false);
  const stepRef = useRef<HTMLDivElement>(null);
  const sequential = draft.order === 'sequential';

  useEffect(() => {
    const controller = new AbortController();
    getAddressBook(controller.signal).then(
      (answer) => setBook(answer.entries),
      () => undefined, // No address book: the rows are typed by hand.
    );
    return () => controller.abort();
  }, []);

  const ownerEmail = me?.email ?? '';
  const isOwnerRow = (r: Pick<Row, 'contact'>) =>
    ownerEmail !== '' && r.contact.trim() !== '' && isOwnerContact(r.contact.trim(), ownerEmail);
  const routingRows = rows.map((r) => ({ ...r, isOwner: isOwnerRow(r) }));

  const update = (id: number, patch: Partial<Row>) => {
    setRows((current) => current.map((r) => (r.id === id ? { ...r, ...patch } : r)));
    setError(null);
  };
  const remove = (id: number) => {
    setRows((current) => {
      const left = current.filter((r) => r.id !== id);
      return left.length > 0 ? left : blank();
    });
    setError(null);
  };
  const add = () =>
    setRows((current) => {
      // In order, a new contractor comes after the last group.
      const last = Math.max(0, ...current.map((r) => Number(r.group) || 0));
      return [...current, newRow('', '', sequential ? String(last + 1) : '1')];
    });
  const changeRouting = (patch: Partial<RoutingDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setError(null);
  };
  const changeOrder = (order: SigningOrder) => {
    // In order for the first time (everyone in one group): one after the other, as listed.
    if (order === 'sequential' && new Set(rows.map((r) => r.group)).size <= 1) {
      setRows((current) => current.map((r, i) => ({ ...r, group: String(i + 1) })));
    }
    changeRouting({ order });
  };

  /** Shows a routing message beside its section (a row's in its row) and focuses its input. */
  const showProblem = (
    { section, row, field }: Pick<RoutingProblem, 'section' | 'row' | 'field'>,
    message: string,
  ) => {
    if (row !== undefined && (section === 'order' || section === 'roles')) {
      const input = section === 'order' ? 'group' : 'role';
      setError({ at: 'row', row, error: { message, field: input } });
      focusLater(`[data-testid="contractor-row-${row}"] [data-testid="contractor-${input}"]`);
      return;
    }
    setError({ at: section, error: { message, field } });
    const target =
      section === 'reminders' || section === 'expiry'
        ? `[data-routing-field="${field ?? (section === 'expiry' ? 'expiresAt' : 'firstAfterDays')}"]`
        : section === 'roles'
          ? '[data-testid="contractor-role"]:not([disabled])'
          : '[data-testid="routing-order"] input:checked';
    focusLater(target);
  };
  const focusLater = (selector: string) =>
    requestAnimationFrame(() => stepRef.current?.querySelector<HTMLElement>(selector)?.focus());

  async function next() {
    setError(null);
    const englishCountry = (config.defaultPhoneCountry ?? 'US') as CountryCode;
    const checked = validateContractors(rows, {
      defaultCountry: defaultCountryFor(lang, englishCountry),
      optional,
    });
    if (!checked.ok) {
      const message = describeKey(t, checked.error, checked.values);
      setError(
        checked.row === undefined
          ? { at: 'list', message }
          : { at: 'row', row: checked.row, error: { message } },
      );
      return;
    }
    const routing = checkRouting(draft, routingRows, new Date(), { optional });
    if (!routing.ok) {
      showProblem(routing.problem, describeKey(t, routing.problem.key, routing.problem.values));
      return;
    }
    setBusy(true);
    try {
      const saved = await saveRecipients(doc.docuId, {
        // An optional list with only blank rows is saved empty.
        recipients:
          checked.contractors.length === 0
            ? []
            : rows.map(({ name, contact }, i) => ({ name, contact, ...routing.value.rows[i]! })),
        finalRecipients: finals.map((f) => f.contact.trim()).filter((c) => c !== ''),
        lang,
        routing: routing.value.routing,
      });
      onSaved(saved);
      onNext();
    } catch (e) {
      const message = describeError(t, e);
      const section = e instanceof ApiError ? sectionOfCode(e.code) : null;
      const row = errorRow(e);
      if (section) showProblem({ section, row, field: reminderFieldOf(e) }, message);
      else setError(row === undefined ? { at: 'list', message } : { at: 'row', row, error: { message } });
    } finally {
      setBusy(false);
    }
  }

  const sectionError = (at: 'order' | 'roles' | 'reminders' | 'expiry') =>
    error?.at === at ? error.error : null;
  return (
    <div className="funnel-step" ref={stepRef}>
      <h2>{t('funnel.contractors.title')}</h2>
      {optional && (
        <p className="field-hint" data-testid="contractors-optional">
          {t('funnel.vcaddrcpt.hint')}
        </p>
      )}
      <OrderChoice order={draft.order} onChange={changeOrder} error={sectionError('order')} />
      <p className="field-hint">{t('routingOwner.roles.hint')}</p>
      <ol className="funnel-contractors">
        {rows.map((row, index) => (
          <ContractorRow
            key={row.id}
            row={row}
            index={index}
            book={book}
            error={error?.at === 'row' && error.row === index ? error.error : null}
            isOwner={routingRows[index]!.isOwner}
            sequential={sequential}
            maxGroup={rows.length}
            onChange={(patch) => update(row.id, patch)}
            onRemove={() => remove(row.id)}
          />
        ))}
      </ol>
      {sectionError('roles') && <ErrorText message={sectionError('roles')!.message} />}
      <button type="button" className="button button-secondary" onClick={add}>
        {t('funnel.contractors.add')}
      </button>
      {error?.at === 'list' && <ErrorText message={error.message} />}
      <OrderPreview rows={routingRows} order={draft.order} />

      <FinalRecipients
        finals={finals}
        onChange={setFinals}
        onAdd={() => setFinals((l) => [...l, { id: nextId.current++, contact: '' }])}
      />

      <RoutingExtras
        draft={draft}
        lang={lang}
        onChange={changeRouting}
        errors={{ reminders: sectionError('reminders'), expiry: sectionError('expiry') }}
      />

      <StepNav
        onPrevious={onPrevious}
        onNext={() => void next()}
        nextDisabled={!canProceed(rows, { optional })}
        busy={busy}
      />
    </div>
  );
}
