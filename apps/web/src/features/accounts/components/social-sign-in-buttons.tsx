import { useLocation } from 'react-router';
import { SOCIAL_PROVIDER_IDS, type SocialProviderId } from '@voltline/shared/account';
import { FormMessage } from '../../../components/form-message.tsx';
import { useSocialProviders } from '../api/get-social-providers.ts';
import { useSocialPopup, type SocialProviderChoice } from '../hooks/use-social-popup.ts';

// The button labels of the spec, whatever the server calls the providers.
const PROVIDER_NAMES: Record<SocialProviderId, string> = { google: 'Google', github: 'GitHub', facebook: 'Facebook' };

/** product.md, "Screens": Google, GitHub and Facebook, labelled SIGN IN on the login page and SIGN UP elsewhere. */
export function SocialSignInButtons({ onSignedIn }: { onSignedIn: () => void }) {
  const { pathname } = useLocation();
  const action = pathname.includes('/login') ? 'SIGN IN' : 'SIGN UP';
  const providers = useSocialProviders();
  const { signInWith, message, waitingFor } = useSocialPopup(onSignedIn);

  const choices: SocialProviderChoice[] = SOCIAL_PROVIDER_IDS.map((id) => ({
    id,
    name: PROVIDER_NAMES[id],
    enabled: providers.data?.providers.find((provider) => provider.id === id)?.enabled,
  }));

  return (
    <div className="flex flex-col gap-2">
      {choices.map((provider) => {
        const notSetUp = provider.enabled === false;
        const hintId = `social-${provider.id}-hint`;
        return (
          <div key={provider.id} className="flex flex-col items-stretch">
            <button
              type="button"
              className={`btn btn-outline w-full ${notSetUp ? 'border-dashed text-base-content/75' : ''}`}
              title={notSetUp ? `${provider.name} sign-in is not set up on this shop.` : undefined}
              aria-describedby={notSetUp ? hintId : undefined}
              aria-busy={waitingFor === provider.id}
              onClick={() => signInWith(provider)}
            >
              {waitingFor === provider.id && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              {`${provider.name} ${action}`}
            </button>
            {notSetUp && (
              <span id={hintId} className="text-center text-xs text-base-content/70">
                not set up
              </span>
            )}
          </div>
        );
      })}
      <FormMessage message={message} />
    </div>
  );
}
