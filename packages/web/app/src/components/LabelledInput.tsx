/** A required text or password field with its label, as the login and first-run forms ask for a user, a password or a key. */

/** What a labelled field shows and reports. */
export interface LabelledInputProps {
  readonly label: string;
  readonly name: string;
  /** True for a password: the input hides what is typed. */
  readonly secret?: boolean;
  /** The browser's autofill hint: `username`, `current-password`, `new-password`, `off`. */
  readonly autoComplete: string;
  readonly value: string;
  readonly onValue: (value: string) => void;
}

/** One labelled, required input. */
export function LabelledInput({ label, name, secret = false, autoComplete, value, onValue }: LabelledInputProps) {
  const field = { name, autoComplete, value, required: true, onInput: (event: { currentTarget: HTMLInputElement }) => onValue(event.currentTarget.value) };
  return (
    <label>
      {label}
      {secret ? <input type="password" {...field} /> : <input {...field} />}
    </label>
  );
}
