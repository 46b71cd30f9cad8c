/** A refusal or failure shown where it happened; nothing when there is none. */

/** Shows `error` as an alert line. */
export function ErrorLine({ error }: { error: string }) {
  return error ? (
    <p class="error" role="alert">
      {error}
    </p>
  ) : null;
}
