/** The test ids the create and edit dialogs share, so e2e specs drive both the same way. */
export const USER_FORM_IDS = { error: "user-form-error", cancel: "user-form-cancel", submit: "user-form-submit" };
