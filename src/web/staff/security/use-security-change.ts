import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '../../api/client.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { secondFactorQuery } from './security-api.ts';

/** A mutation of the security screens: a toast either way, and the reads it changes read again. */
export function useSecurityChange<Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  notices: { done: string; failed: string },
  refresh: QueryKey[] = [secondFactorQuery().queryKey],
  onDone?: (output: Output) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (output) => {
      toast({ title: notices.done, variant: 'success' });
      onDone?.(output);
      await Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      toast({
        title: notices.failed,
        description: error instanceof ApiError ? (error.serverMessage ?? undefined) : undefined,
        variant: 'destructive',
      });
    },
  });
}
