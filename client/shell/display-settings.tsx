/**
 * 화면 설정 (decision 0060): contrast (기본 / 고대비, KRDS's high-contrast mode) and text
 * size (보통 / 크게 / 아주 크게) as two radio groups in one form. Loaded on first use (the
 * header's trigger, the mobile menu, the 화면 설정 page), never with every page.
 *
 * The form posts to the portal's settings route, so it works without JavaScript (the server
 * sets the cookie and sends the member back). With JavaScript the browser writes the same
 * cookie and puts the attributes on <html> at once; the server renders them from the cookie
 * on every later page, before the first paint.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import {
  CONTRASTS, DEFAULT_DISPLAY, DISPLAY_COOKIE, DISPLAY_MAX_AGE_S, DISPLAY_ROUTE, TEXT_SIZES,
  displayAttributes, displayFromCookies, displayFromForm, formatDisplay, type DisplaySettings,
} from '#shared/display.ts';
import { displayReturnOf } from '#shared/display-return.ts';
import { messages } from '#shared/messages.ts';
import { announce } from './announce.ts';
import { displayText } from './display-settings-messages.ts';
import { IconChevronDown } from './icons.tsx';

/** The settings in force in this browser: the cookie, else the system's wish for more contrast. */
export function currentDisplay(): DisplaySettings {
  const chosen = displayFromCookies(document.cookie);
  if (chosen) return chosen;
  return { ...DEFAULT_DISPLAY, contrast: matchMedia('(prefers-contrast: more)').matches ? 'high-contrast' : 'default' };
}

/** Remembers the settings (a year, readable, SameSite=Lax) and shows them now. */
function applyDisplay(d: DisplaySettings): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${DISPLAY_COOKIE}=${formatDisplay(d)}; path=/; max-age=${DISPLAY_MAX_AGE_S}; samesite=lax${secure}`;
  for (const [name, value] of Object.entries(displayAttributes(d))) document.documentElement.setAttribute(name, value);
}

interface FormProps {
  initial: DisplaySettings;
  /** Where the server sends the member back after a post without JavaScript. */
  returnTo: string;
  children?: ReactNode;
}

export function DisplaySettingsForm({ initial, returnTo, children }: FormProps) {
  const id = useId();
  const [applied, setApplied] = useState(false);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const form = new FormData(e.currentTarget);
    const chosen = displayFromForm(form.get('contrast'), form.get('size'));
    if (!chosen) return; // the server answers what it cannot accept
    e.preventDefault();
    applyDisplay(chosen);
    setApplied(true);
    announce(displayText.applied);
  };

  return (
    <form method="post" action={DISPLAY_ROUTE} className="display-settings" onSubmit={onSubmit} onChange={() => setApplied(false)}>
      <fieldset className="display-settings__group">
        <legend className="display-settings__legend">{displayText.contrast}</legend>
        <div className="display-settings__options">
          {CONTRASTS.map((c) => (
            <label key={c} className="display-option">
              <input type="radio" name="contrast" value={c} defaultChecked={initial.contrast === c} />
              <span className={`display-option__swatch display-option__swatch--${c}`} aria-hidden="true" data-graphic="">
                {displayText.sample}
              </span>
              <span className="display-option__label">{displayText.contrasts[c]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="display-settings__group">
        <legend className="display-settings__legend">{displayText.size}</legend>
        <div className="display-settings__options">
          {TEXT_SIZES.map((s) => (
            <label key={s} className="display-option">
              <input type="radio" name="size" value={s} defaultChecked={initial.size === s} />
              <span className={`display-option__label display-option__label--${s}`}>{displayText.sizes[s]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <input type="hidden" name="returnTo" value={returnTo} />
      <div className="display-settings__actions">
        <button type="submit" className="btn btn--primary" aria-describedby={applied ? `${id}-status` : undefined}>
          {displayText.apply}
        </button>
        {children}
      </div>
      {/* Shown here; said by the announcer (decision 0143): inside the mobile menu, the menu's own region. */}
      <p id={`${id}-status`} className="display-settings__status">
        {applied ? displayText.applied : ''}
      </p>
    </form>
  );
}

/** The header's disclosure panel (wide screens): Escape or 닫기 closes it and focus goes back to its button. */
export function DisplaySettingsPanel({ id, onClose, onLeave }: { id: string; onClose(): void; onLeave(open: false): void }) {
  const ref = useRef<HTMLDivElement>(null);
  const { pathname, search } = useLocation();
  const [initial] = useState(currentDisplay);

  useEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      onClose();
    };
    // A disclosure, not a dialog: it keeps no focus in, so it closes when the keyboard moves the
    // focus on past it (never back to its own button), and never covers what the focus goes to
    // (the mobile menu is the modal one). A click elsewhere (no element receiving focus) leaves it open.
    const onFocusOut = (e: FocusEvent) => {
      const to = e.relatedTarget;
      if (to instanceof Element && !panel.contains(to) && to.getAttribute('aria-controls') !== id) onLeave(false);
    };
    panel.addEventListener('keydown', onKey);
    panel.addEventListener('focusout', onFocusOut);
    return () => {
      panel.removeEventListener('keydown', onKey);
      panel.removeEventListener('focusout', onFocusOut);
    };
  }, [id, onClose, onLeave]);

  return (
    <div id={id} ref={ref} className="display-panel" role="group" aria-label={messages.shell.display}>
      <DisplaySettingsForm initial={initial} returnTo={displayReturnOf(pathname, search)}>
        <button type="button" className="btn btn--tertiary" onClick={onClose}>
          {displayText.close}
        </button>
      </DisplaySettingsForm>
    </div>
  );
}

/** The mobile menu's 화면 설정: a disclosure below the menu groups. */
export function DisplayMenuSection() {
  const [open, setOpen] = useState(false);
  const [initial, setInitial] = useState<DisplaySettings | null>(null);
  const { pathname, search } = useLocation();
  const id = useId();
  return (
    <div className="mobile-menu__display">
      <button
        type="button"
        className="mobile-menu__group-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          if (!open) setInitial(currentDisplay());
          setOpen(!open);
        }}
      >
        {messages.shell.display}
        <IconChevronDown className="mobile-menu__chevron" width={20} height={20} />
      </button>
      <div id={id} className="mobile-menu__display-panel" hidden={!open}>
        {initial && <DisplaySettingsForm initial={initial} returnTo={displayReturnOf(pathname, search)} />}
      </div>
    </div>
  );
}
