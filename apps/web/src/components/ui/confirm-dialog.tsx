import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { AlertDialog as A } from 'radix-ui';
import { answerConfirm, useConfirmRequest } from '@/lib/confirm';
import { Button } from './button';
import { Input } from './input';
import { Label } from './label';

/**
 * The app's confirmation dialog (Radix AlertDialog), shown by `confirmAction()` wherever it is called.
 * It names what will be changed; a destructive question can ask to type a name before it can be
 * confirmed. Escape, Cancel or a click outside answers no. Mounted once, in the shell.
 */
export function ConfirmDialogHost() {
  const { t } = useTranslation();
  const request = useConfirmRequest();
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => setTyped(''), [request?.id]);

  const mustType = request?.typeToConfirm;
  const ready = !mustType || typed.trim() === mustType;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) answerConfirm(true);
  };

  return (
    <A.Root open={!!request} onOpenChange={(open) => !open && answerConfirm(false)}>
      <A.Portal>
        <A.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px] animate-fade-in" />
        <A.Content
          // Cancel has the focus (Enter alone never confirms); with a name to type, its field has it.
          onOpenAutoFocus={(e) => {
            if (!request?.typeToConfirm) return;
            e.preventDefault();
            inputRef.current?.focus();
          }}
          className="fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-card p-6 text-card-foreground shadow-xl animate-fade-in"
        >
          {request && (
            <form onSubmit={onSubmit} className="grid gap-4">
              <div className="grid gap-1.5">
                <A.Title className="text-lg font-semibold leading-tight [overflow-wrap:anywhere]">
                  {request.title}
                </A.Title>
                <A.Description className="text-sm text-muted-foreground">
                  {request.description ?? t('confirm.cannotUndo')}
                </A.Description>
              </div>
              {mustType && (
                <div className="grid gap-2">
                  <Label htmlFor={inputId}>
                    <Trans
                      t={t}
                      i18nKey="confirm.typeToConfirm"
                      values={{ name: mustType }}
                      components={{ strong: <strong className="font-semibold [overflow-wrap:anywhere]" /> }}
                    />
                  </Label>
                  <Input
                    id={inputId}
                    ref={inputRef}
                    autoComplete="off"
                    spellCheck={false}
                    value={typed}
                    onChange={(e) => setTyped(e.target.value)}
                  />
                </div>
              )}
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <A.Cancel asChild>
                  <Button variant="outline">{t('cancel')}</Button>
                </A.Cancel>
                <Button
                  type="submit"
                  variant={request.destructive ? 'destructive' : 'default'}
                  disabled={!ready}
                >
                  {request.confirmLabel}
                </Button>
              </div>
            </form>
          )}
        </A.Content>
      </A.Portal>
    </A.Root>
  );
}
