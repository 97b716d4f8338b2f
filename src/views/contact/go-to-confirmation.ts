import { useRouter } from '@tanstack/react-router';

/** Client navigation to the confirmation page, a full page load if that fails (SPEC 2). */
export function useGoToConfirmation(): () => void {
  const router = useRouter();
  return () => {
    router.navigate({ to: '/consultation-confirmed' }).catch(() => {
      window.location.assign('/consultation-confirmed');
    });
  };
}
