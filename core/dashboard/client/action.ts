import { useState } from "hono/jsx/dom";
import { api, errorMessage } from "./api";
import { formValues } from "./components/form";
import { announce } from "./hooks";

/**
 * A page action (a form, a button): runs it, announces the result, keeps the error to show next to the form. `submit` and
 * `remove` make a form's submit handler and a delete button's onConfirm out of it.
 */
export function useAction() {
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  /** Runs `action`; when it succeeds, announces the text it returns. */
  const attempt = async (action: () => Promise<string>) => {
    setBusy(true);
    setError(undefined);
    try {
      announce(await action());
      return true;
    } catch (err) {
      setError(errorMessage(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const run = (action: () => Promise<void>, done: string) =>
    attempt(async () => {
      await action();
      return done;
    });
  /** A form's submit handler: `save(data)` returns what to announce; the form is reset once it succeeds. */
  const submit = (save: (data: FormData) => Promise<string>) => async (event: Event) => {
    const form = event.currentTarget as HTMLFormElement;
    const data = formValues(event);
    if (await attempt(() => save(data))) form.reset();
  };
  /** A delete button's onConfirm: DELETE `path`, then `after()` (reload the list). */
  const remove = (path: string, after: () => void, done: string) => () =>
    run(async () => {
      await api("DELETE", path);
      after();
    }, done);
  return { error, busy, run, submit, remove };
}
