import { element, setText } from './dom';

/** The theme chosen with the toggle; `auto` follows the system (`prefers-color-scheme`). */
type ThemeChoice = 'auto' | 'light' | 'dark';

const key = 'parley-inspector-theme';
const choices: readonly ThemeChoice[] = ['auto', 'light', 'dark'];

const stored = (): ThemeChoice => {
  const value = localStorage.getItem(key);
  return value === 'light' || value === 'dark' ? value : 'auto';
};

/** Applies the stored theme choice to the page (before anything is drawn, so there is no flash). */
export const applyTheme = (choice: ThemeChoice = stored()): void => {
  if (choice === 'auto') delete document.documentElement.dataset['theme'];
  else document.documentElement.dataset['theme'] = choice;
};

/** A button cycling the theme: as the system says, light, dark. Remembered in this browser. */
export const themeToggle = (): HTMLButtonElement => {
  const label = (choice: ThemeChoice): string => `Theme: ${choice === 'auto' ? 'system' : choice}`;
  const button = element('button', { className: 'tab', text: label(stored()), attributes: { type: 'button', 'data-action': 'theme' } });
  button.addEventListener('click', () => {
    const next = choices[(choices.indexOf(stored()) + 1) % choices.length] ?? 'auto';
    if (next === 'auto') localStorage.removeItem(key);
    else localStorage.setItem(key, next);
    applyTheme(next);
    setText(button, label(next));
  });
  return button;
};
