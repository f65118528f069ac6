/** A field's or block's failure text, announced as it appears; nothing when there is none. */
export function FieldError({ message, testId }: { message: string | null | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <p className="field-error" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}
