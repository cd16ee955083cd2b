import { beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMON_PASSWORD_MESSAGE } from '@portal/contracts';
import { setLocale } from '@/lib/i18n';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordHint } from './password-hint';

function Form({ userInputs }: { userInputs?: string[] }) {
  const [password, setPassword] = useState('');
  return (
    <Field label="Password" description={<PasswordHint password={password} userInputs={userInputs} />}>
      <Input type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
    </Field>
  );
}

// The component loads its dictionaries on the first typed password; here they are read once up front.
beforeAll(() => import('./estimate'), 30_000);

describe('PasswordHint', () => {
  it('shows the minimum until it is met, then says a common password is refused, then rates the rest', async () => {
    render(<Form />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAccessibleDescription('At least 6 characters');

    await userEvent.type(input, '12345');
    expect(screen.getByText('At least 6 characters')).toBeInTheDocument();

    await userEvent.type(input, '6');
    expect(await screen.findByText(COMMON_PASSWORD_MESSAGE)).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(COMMON_PASSWORD_MESSAGE);

    await userEvent.clear(input);
    await userEvent.type(input, 'PASSWORD');
    expect(await screen.findByText(COMMON_PASSWORD_MESSAGE)).toBeInTheDocument();

    await userEvent.clear(input);
    await userEvent.type(input, 'cabin2026');
    expect(await screen.findByText(/^Strength: (Very weak|Weak|Fair)/)).toBeInTheDocument();

    await userEvent.clear(input);
    await userEvent.type(input, 'Kestrel lantern fjord 42');
    expect(await screen.findByText('Strength: Strong')).toBeInTheDocument();
  });

  it('counts the email and name as easy to guess', async () => {
    render(<Form userInputs={['bertil.lindqvist@example.com', 'Bertil Lindqvist']} />);
    await userEvent.type(screen.getByLabelText('Password'), 'bertil.lindqvist');
    expect(await screen.findByText(/^Strength: (Very weak|Weak)/)).toBeInTheDocument();
  });

  it('says a common password is refused in the language of the page, as the server does', async () => {
    await setLocale('de');
    render(<Form />);
    await userEvent.type(screen.getByLabelText('Password'), '123456');
    expect(
      await screen.findByText(
        'Dieses Passwort gehört zu den häufigsten Passwörtern und ist leicht zu erraten. Bitte wählen Sie ein anderes.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(COMMON_PASSWORD_MESSAGE)).not.toBeInTheDocument();

    await setLocale('nb');
    expect(
      await screen.findByText(
        'Dette passordet er blant de vanligste passordene og er lett å gjette. Velg et annet.',
      ),
    ).toBeInTheDocument();
  });
});
