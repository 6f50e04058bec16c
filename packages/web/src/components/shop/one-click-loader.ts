// The second hop to the «Купить в 1 клик» dialog: the button's import of this module carries no list of files to
// preload, so the product page's first scripts stay as they were (e2e/bundle-budget.spec.ts); the dialog's own
// files (form, checks, styles) are fetched from here, after the click.
export function loadOneClickDialog() {
  return import('./one-click-dialog.tsx');
}
