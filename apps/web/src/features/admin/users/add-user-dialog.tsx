import { useState, type FormEvent } from 'react';
import { RefreshCw } from 'lucide-react';
import { createUserInput, generateInvestorId, validateNewUser } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { useFieldErrors } from '@/components/ui/field-errors';
import { Input, NativeSelect } from '@/components/ui/input';
import { PasswordHint } from '@/components/password-strength/password-hint';
import { messageOf } from '@/lib/toast';
import { useCreateUser } from '@/queries/users';
import { toastDone, toastFailed } from '../components/feedback';

interface Form {
  name: string;
  email: string;
  password: string;
  investorId: string;
}

const blank = (): Form => ({ name: '', email: '', password: '', investorId: generateInvestorId() });

/**
 * Add User (docs/product.md §15.2, §18): the five checks in their fixed order, a generated investor ID,
 * the server's message in the dialog and a toast, and a fresh ID when the server says it is taken.
 */
export function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [form, setForm] = useState<Form>(blank);
  const [error, setError] = useState<string | null>(null);
  const fe = useFieldErrors();
  const create = useCreateUser();
  const set = (k: keyof Form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  function handleOpenChange(next: boolean) {
    if (next) {
      setForm(blank());
      setError(null);
    }
    onOpenChange(next);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = validateNewUser(form);
    setError(problem && !fe.showOne(problem, createUserInput, form) ? problem : null);
    if (!problem) fe.clear();
    if (problem) return;
    try {
      const res = await create.mutateAsync({
        name: form.name.trim(),
        email: form.email.trim(),
        password: form.password,
        investorId: form.investorId.trim(),
      });
      toastDone('User added', `${res.data.name} can now sign in with ${res.data.email}.`);
      onOpenChange(false);
    } catch (err) {
      const message = messageOf(err, 'Failed to add user');
      if (!fe.fromError(err)) setError(message);
      toastFailed('Failed to add user', err);
      if (/investor ID/i.test(message)) setForm((f) => ({ ...f, investorId: generateInvestorId() }));
    }
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Add User</DialogTitle>
          <DialogDescription>
            Create an investor account. They sign in with this email and password.
          </DialogDescription>
        </DialogHeader>
        <form ref={fe.formRef} onSubmit={onSubmit} className="grid gap-4" noValidate>
          {error && (
            <p
              role="alert"
              className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
            >
              {error}
            </p>
          )}
          <Field label="Name" error={fe.of('name')}>
            <Input autoComplete="off" value={form.name} onChange={set('name')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Email" error={fe.of('email')}>
              <Input type="email" autoComplete="off" value={form.email} onChange={set('email')} />
            </Field>
            <Field
              label="Password"
              error={fe.of('password')}
              description={
                <PasswordHint password={form.password} userInputs={[form.name, form.email].filter(Boolean)} />
              }
            >
              <Input
                type="password"
                autoComplete="new-password"
                value={form.password}
                onChange={set('password')}
              />
            </Field>
          </div>
          <div className="grid gap-2">
            <Field
              label="Investor ID"
              hint="Generated as INV-year-code; you may type your own."
              error={fe.of('investorId')}
            >
              <Input className="font-mono" value={form.investorId} onChange={set('investorId')} />
            </Field>
            <Button
              variant="ghost"
              size="sm"
              className="justify-self-start"
              onClick={() => setForm((f) => ({ ...f, investorId: generateInvestorId() }))}
            >
              <RefreshCw aria-hidden="true" />
              Generate new ID
            </Button>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Role" hint="New accounts are investors.">
              <NativeSelect value="user" disabled>
                <option value="user">User</option>
              </NativeSelect>
            </Field>
            <Field label="Status" hint="New accounts can sign in at once.">
              <NativeSelect value="active" disabled>
                <option value="active">Active</option>
              </NativeSelect>
            </Field>
          </div>
          <DialogFooter className="mt-2">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Adding...' : 'Add User'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
