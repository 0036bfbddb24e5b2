// My Info → Blockchain wallet (issue #32): Connect proves the wallet is the user's. The browser's wallet
// (an EIP-1193 provider, through ethers' BrowserProvider, loaded only on Connect) gives its address;
// the server writes a Sign-In with Ethereum message for it; the wallet signs it; the server checks it
// and keeps the address as verified. A verified wallet receives the tokens of the user's contracts;
// a typed address that was never signed for does not, and this says so. Disconnect forgets it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeResponse } from '../../../../../shared/api/schemas';
import { formatDateTime } from '../../../lib/format';
import { localeForPath } from '../../../../../shared/i18n/core';
import type { Lang } from '../../../app/paths';
import { errorMessage } from '../../../lib/error-message';
import { connectWallet, disconnectWallet, walletChallenge } from '../api/wallet-api';
import '../wallet.css';

/** The injected EIP-1193 provider of a browser wallet. */
interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | object }): Promise<unknown>;
}

declare global {
  interface Window {
    ethereum?: Eip1193Provider;
  }
}

type Step = 'idle' | 'connecting' | 'disconnecting';

/** A wallet's refusal (EIP-1193 code 4001, ethers' ACTION_REJECTED). */
function isRejection(error: unknown): boolean {
  const e = error as { code?: unknown; info?: { error?: { code?: unknown } } } | null;
  return e?.code === 4001 || e?.code === 'ACTION_REJECTED' || e?.info?.error?.code === 4001;
}

interface WalletConnectProps {
  user: MeResponse;
  lang: Lang;
  /** The typed address in the form (it may differ from the saved one). */
  typed: string;
  onChanged: (user: MeResponse) => void;
}

export function WalletConnect({ user, lang, typed, onChanged }: WalletConnectProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('idle');
  const [error, setError] = useState<string | null>(null);
  const verified = Boolean(user.walletAddress && user.walletVerifiedAt);

  const connect = async () => {
    setError(null);
    const injected = window.ethereum;
    if (!injected) {
      setError(t('wallet.noWallet'));
      return;
    }
    setStep('connecting');
    try {
      const { BrowserProvider } = await import('ethers/providers');
      const provider = new BrowserProvider(injected);
      const signer = await provider.getSigner();
      const challenge = await walletChallenge(await signer.getAddress());
      const signature = await signer.signMessage(challenge.message);
      onChanged(await connectWallet(challenge.message, signature));
    } catch (cause) {
      setError(isRejection(cause) ? t('wallet.rejected') : errorMessage(t, cause));
    } finally {
      setStep('idle');
    }
  };

  const disconnect = async () => {
    setError(null);
    setStep('disconnecting');
    try {
      onChanged(await disconnectWallet());
    } catch (cause) {
      setError(errorMessage(t, cause));
    } finally {
      setStep('idle');
    }
  };

  return (
    <div className="wallet-connect" data-testid="wallet-connect">
      {verified ? (
        <p className="wallet-state">
          <span className="badge badge-success" data-testid="wallet-verified">
            {t('wallet.verified')}
          </span>{' '}
          {t('wallet.verifiedAt', {
            time: formatDateTime(user.walletVerifiedAt!, localeForPath(lang)),
          })}
        </p>
      ) : typed.trim() ? (
        <p className="field-hint wallet-unverified" data-testid="wallet-unverified">
          {t('wallet.unverified')}
        </p>
      ) : null}
      <div className="wallet-actions">
        {verified ? (
          <button
            type="button"
            className="button"
            onClick={() => void disconnect()}
            disabled={step !== 'idle'}
            data-testid="wallet-disconnect"
          >
            {step === 'disconnecting' ? t('wallet.disconnecting') : t('wallet.disconnect')}
          </button>
        ) : (
          <button
            type="button"
            className="button button-primary"
            onClick={() => void connect()}
            disabled={step !== 'idle'}
            data-testid="wallet-connect-button"
          >
            {step === 'connecting' ? t('wallet.connecting') : t('wallet.connect')}
          </button>
        )}
      </div>
      {error ? (
        <p className="field-error" role="alert" data-testid="wallet-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
