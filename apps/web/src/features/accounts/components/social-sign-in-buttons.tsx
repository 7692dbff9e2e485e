import { useLocation } from 'react-router';
import { SOCIAL_PROVIDER_IDS, type SocialProviderId } from '@voltline/shared/account';
import { FormMessage } from '../../../components/form-message.tsx';
import { useSocialProviders } from '../api/get-social-providers.ts';
import { useSocialPopup, type SocialProviderChoice } from '../hooks/use-social-popup.ts';

// The button labels of the spec, whatever the server calls the providers.
const PROVIDER_NAMES: Record<SocialProviderId, string> = { google: 'Google', github: 'GitHub', facebook: 'Facebook' };

/**
 * product.md, "Screens": Google, GitHub and Facebook, labelled SIGN IN on the login page and SIGN UP
 * elsewhere; only those this shop has set up (a button that can only say "not set up" looks broken),
 * and with the "OR" before them only when there is one.
 */
export function SocialSignInButtons({ onSignedIn }: { onSignedIn: () => void }) {
  const { pathname } = useLocation();
  const action = pathname.includes('/login') ? 'SIGN IN' : 'SIGN UP';
  const providers = useSocialProviders();
  const { signInWith, message, waitingFor } = useSocialPopup(onSignedIn);

  const choices: SocialProviderChoice[] = SOCIAL_PROVIDER_IDS.filter(
    (id) => providers.data?.providers.find((provider) => provider.id === id)?.enabled === true,
  ).map((id) => ({ id, name: PROVIDER_NAMES[id] }));
  if (choices.length === 0) return null;

  return (
    <>
      <div className="divider">OR</div>
      <div className="flex flex-col gap-2">
        {choices.map((provider) => (
          <button
            key={provider.id}
            type="button"
            className="btn btn-outline w-full"
            aria-busy={waitingFor === provider.id}
            onClick={() => signInWith(provider)}
          >
            {waitingFor === provider.id && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {`${provider.name} ${action}`}
          </button>
        ))}
        <FormMessage message={message} />
      </div>
    </>
  );
}
