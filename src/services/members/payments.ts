import { ServiceUnavailableError } from '../../domain/errors.ts';
import type { PaymentGateway } from '../../domain/members/revenue-ports.ts';

/** Without STRIPE_SECRET_KEY, free membership works and every paid part answers this (docs/product/api.md). */
export function paymentsNotConfigured(): ServiceUnavailableError {
  return new ServiceUnavailableError('payments_not_configured', 'Payments are not set up on this site yet (STRIPE_SECRET_KEY).');
}

export function gatewayOrThrow(payments: PaymentGateway | null): PaymentGateway {
  if (!payments) throw paymentsNotConfigured();
  return payments;
}
