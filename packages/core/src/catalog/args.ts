/** The caller's ids where the raise site has them; the dispatcher fills in the call's own otherwise. */
export interface Ids {
  session_id?: string;
  page_id?: string;
}

/** Stands for the paths the model must supply in a repair: no path can be guessed for it. */
export const PATH_PLACEHOLDER = '<absolute path of the file>';

/** Stands for the URL the model must choose in a repair: a page of the site whose storage it wants. */
export const ORIGIN_PLACEHOLDER = '<an http(s) URL of the site>';

/** Stands for the text the model must write in a refused field's format (the repair's hint gives it). */
export const VALUE_PLACEHOLDER = "<the value in the field's format>";
