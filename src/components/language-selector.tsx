import { useRouter, useRouteContext } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { LANGS, type Lang } from '#domain/language.ts';
import { changeLanguage } from '../i18n/change-language.ts';
import { useI18n } from '../i18n/use-i18n.ts';

const NAMES: Record<Lang, string> = { nl: 'Nederlands', en: 'English' };

/**
 * A disclosure button with the two languages, each named in its own language (a list of buttons
 * reached with Tab, not an ARIA menu: no arrow keys are promised). Escape closes it.
 */
export function LanguageSelector() {
  const intl = useIntl();
  const router = useRouter();
  const i18n = useRouteContext({ from: '__root__', select: (c) => c.i18n });
  const { lang } = useI18n();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector<HTMLButtonElement>('[aria-current="true"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!listRef.current?.contains(target) && !buttonRef.current?.contains(target))
        setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const choose = (next: Lang) => {
    close();
    void changeLanguage(router, i18n, next);
  };

  return (
    <div
      className="lang-selector"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="lang-selector__button"
        aria-expanded={open}
        aria-controls={menuId}
        // The name starts with the visible code (WCAG 2.5.3 "label in name", axe 4.14's
        // label-content-name-mismatch): a voice user can say "click EN".
        aria-label={intl.formatMessage(
          { id: 'header.language.label' },
          { code: lang.toUpperCase(), language: NAMES[lang] },
        )}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">{lang.toUpperCase()}</span>
      </button>
      <ul ref={listRef} id={menuId} className="lang-selector__menu" hidden={!open}>
        {LANGS.map((option) => (
          <li key={option}>
            <button
              type="button"
              lang={option}
              aria-current={option === lang ? 'true' : undefined}
              onClick={() => choose(option)}
            >
              {NAMES[option]}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
