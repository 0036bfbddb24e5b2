// A completed contract's token, on its owner's card (issue #32): who holds it, and Claim while the
// service holds it for the owner. The claim is queued (202); the card then says the token is moving,
// and the list read later says it is in the owner's wallet. Without a verified wallet the server
// refuses, and the line links to My Info, where Connect is.
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getContractDetails, type ContractCard } from '../api/contracts-api';
import { paths, type Lang } from '../../../app/paths';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { claimToken } from '../../account/api/wallet-api';

type Token = NonNullable<ContractCard['token']>;

export function TokenLine({ docuId, token, lang }: { docuId: string; token: Token; lang: Lang }) {
  const { t } = useTranslation();
  // The list's word wins once it has one; until then, the claim this page made.
  const [asked, setAsked] = useState<Token['claim']>(null);
  const claim = token.claim ?? asked;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; connect: boolean } | null>(null);
  const id = token.tokenId;

  const onClaim = async () => {
    setBusy(true);
    setError(null);
    try {
      setAsked((await claimToken(docuId)).claim);
    } catch (err) {
      const connect = err instanceof ApiError && err.code === 'wallet.errors.notConnected';
      setError({ text: errorMessage(t, err), connect });
      // Claimed meanwhile (another tab, the API): the card's details say where the token is now; the
      // message stays beside them.
      if (err instanceof ApiError && err.code === 'wallet.errors.claimExists') {
        const fresh = await getContractDetails(docuId).catch(() => null);
        if (fresh?.token?.claim) setAsked(fresh.token.claim);
      }
    } finally {
      setBusy(false);
    }
  };

  let text: string;
  if (claim?.status === 'done') text = t('wallet.token.inWallet', { id, to: claim.to });
  else if (claim?.status === 'pending') text = t('wallet.token.pending', { id, to: claim.to });
  else if (claim?.status === 'failed') text = t('wallet.token.failed', { id });
  else if (token.held) text = t('wallet.token.held', { id });
  else text = t('wallet.token.holder', { id, holder: token.holder });

  return (
    <div className="token-line" data-testid="token-line">
      <p className="mono-wrap" data-testid="token-status" role="status">
        {text}
      </p>
      {token.claimable && !claim ? (
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={busy}
          onClick={() => void onClaim()}
          data-testid="token-claim"
        >
          {busy ? t('wallet.token.claiming') : t('wallet.token.claim')}
        </button>
      ) : null}
      {error ? (
        <p className="field-error" role="alert" data-testid="token-error">
          {error.text}{' '}
          {error.connect ? (
            <Link to={paths.homeMyPage.getHref(lang, 'myinfo')}>{t('wallet.token.myInfo')}</Link>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
