// A step's error message, announced to screen readers.
export function ErrorText({ message, testId }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <p className="field-error funnel-error" role="alert" data-testid={testId ?? 'funnel-error'}>
      {message}
    </p>
  );
}
