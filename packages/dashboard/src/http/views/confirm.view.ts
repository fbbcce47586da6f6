import { html } from '../html';
import { csrfField, page, type PageContext } from './layout';

/** What the confirm step of a destructive action asks. */
export interface Confirmation {
  title: string;
  question: string;
  /** The form's action: the same route, posted again with `confirm=yes`. */
  action: string;
  button: string;
  /** Where Cancel goes back to. */
  back: string;
}

/** The page between a destructive button and its action; a form, so it works without JavaScript. */
export function confirmPage(context: PageContext, confirmation: Confirmation) {
  return page(
    context,
    confirmation.title,
    html`<p>${confirmation.question}</p>
      <div class="actions">
        <form class="inline" method="post" action="${confirmation.action}">
          ${csrfField(context)}<input type="hidden" name="confirm" value="yes" /><button
            type="submit"
            class="danger"
            autofocus
          >
            ${confirmation.button}
          </button>
        </form>
        <a class="button secondary" href="${confirmation.back}">Cancel</a>
      </div>`,
  );
}
