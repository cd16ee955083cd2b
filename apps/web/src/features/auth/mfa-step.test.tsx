import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVESTOR } from '../../../test/fixtures';
import { MfaStep } from './mfa-step';

const completeMfa = vi.fn();
vi.mock('@/queries/session', () => ({ useAuth: () => ({ completeMfa }) }));

function renderStep() {
  const props = { onSignedIn: vi.fn(), onError: vi.fn(), onBack: vi.fn() };
  render(<MfaStep mfaToken="challenge" {...props} />);
  return props;
}

describe('MfaStep', () => {
  it("sends the trimmed code, reads 'Verifying...' meanwhile, then signs in", async () => {
    let resolve!: (u: typeof INVESTOR) => void;
    completeMfa.mockReturnValueOnce(new Promise((r) => (resolve = r)));
    const props = renderStep();
    const verify = screen.getByRole('button', { name: 'Verify' });
    await userEvent.type(screen.getByLabelText('Authentication code'), ' 12345');
    expect(verify).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Authentication code'), '6 ');
    await userEvent.click(verify);
    expect(await screen.findByRole('button', { name: 'Verifying...' })).toBeDisabled();
    expect(completeMfa).toHaveBeenCalledWith('challenge', '123456');
    resolve(INVESTOR);
    await waitFor(() => expect(props.onSignedIn).toHaveBeenCalledWith(INVESTOR));
  });

  it("a failure goes to onError and empties the code; a 400's message about it goes next to it", async () => {
    const message = 'Enter the code from your authenticator app';
    const err = Object.assign(new Error(message), {
      status: 400,
      body: { message, fields: { code: message } },
    });
    completeMfa.mockRejectedValueOnce(err);
    const props = renderStep();
    const input = screen.getByLabelText('Authentication code');
    await userEvent.type(input, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(props.onError).toHaveBeenCalledWith(err));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveValue('');
    expect(input).toHaveAccessibleDescription(message);
    expect(input).toHaveFocus();
  });
});
