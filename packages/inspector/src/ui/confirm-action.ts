import { element } from './dom';

/**
 * Asks the user to confirm an action in an in-page dialog (not `window.confirm`), naming what it
 * will change; resolves true only on the confirm button.
 */
export function confirmAction(message: string, confirmLabel: string): Promise<boolean> {
  return new Promise((resolve) => {
    const dialog = element('dialog', { attributes: { 'aria-label': 'Confirm' } });
    const finish = (confirmed: boolean): void => {
      dialog.close();
      dialog.remove();
      resolve(confirmed);
    };
    dialog.append(
      element('p', { text: message }),
      element('div', { className: 'actions' }, [
        element('button', { className: 'danger', text: confirmLabel, attributes: { type: 'button', 'data-action': 'confirm' }, onClick: () => finish(true) }),
        element('button', { text: 'Keep it', attributes: { type: 'button', 'data-action': 'dismiss' }, onClick: () => finish(false) }),
      ]),
    );
    dialog.addEventListener('cancel', () => finish(false));
    document.body.append(dialog);
    dialog.showModal();
  });
}
