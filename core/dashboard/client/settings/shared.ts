import { useState } from "hono/jsx/dom";
import { errorMessage } from "../api";
import { announce } from "../hooks";

/** A settings action: runs it, announces the result, keeps the error to show next to the form. */
export function useAction() {
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>, done: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      announce(done);
      return true;
    } catch (err) {
      setError(errorMessage(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, run };
}

export function formValues(event: Event): FormData {
  event.preventDefault();
  return new FormData(event.currentTarget as HTMLFormElement);
}
