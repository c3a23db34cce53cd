import { OnboardingOut } from "@common/onboarding";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getParsed, requestParsed } from "../../../lib/api";

export const ONBOARDING_URL = "/api/onboarding";

/** GET /api/onboarding: the setup steps, each ticked by the server from the workspace's rows. */
export const getOnboarding = () => getParsed(OnboardingOut, ONBOARDING_URL);

/** Read again when the dashboard is opened: the steps are done on other screens. */
export const onboardingQueryOptions = queryOptions({
  queryKey: [ONBOARDING_URL],
  queryFn: getOnboarding,
  staleTime: 0,
});

export const useOnboarding = (enabled: boolean) => useQuery({ ...onboardingQueryOptions, enabled });

/** PUT /api/onboarding/simulator: work on the built-in simulator (or stop). */
export const chooseSimulator = (useSimulator: boolean) =>
  requestParsed(OnboardingOut, "PUT", `${ONBOARDING_URL}/simulator`, { useSimulator });

/** POST /api/onboarding/dismiss: the owner puts the finished list away. */
export const dismissOnboarding = () => requestParsed(OnboardingOut, "POST", `${ONBOARDING_URL}/dismiss`);

function useOnboardingMutation<T>(mutationFn: (input: T) => Promise<OnboardingOut>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => queryClient.setQueryData(onboardingQueryOptions.queryKey, answer),
  });
}

export const useChooseSimulator = () => useOnboardingMutation(chooseSimulator);
export const useDismissOnboarding = () => useOnboardingMutation<void>(() => dismissOnboarding());
