/**
 * The message of a form that could not be saved, announced to screen readers: framed in the error colour,
 * written in the text colour (red text on the pale red ground stays under AAA contrast).
 */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive bg-destructive/10 px-3 py-2 text-sm font-medium text-foreground"
    >
      {message}
    </p>
  );
}
