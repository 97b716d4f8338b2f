import { useId, type CSSProperties, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  COLOR_PRESETS,
  FONTS,
  MAX_UPLOADS,
  PALETTES,
  type AnswerValue,
  type Question,
  type QuestionId,
  type UploadRef,
} from '#domain/blueprint.ts';
import { blueprintUploadPath } from '#domain/links.ts';

export interface QuestionFieldProps {
  question: Question;
  value: AnswerValue | undefined;
  disabled: boolean;
  draftToken: string | null;
  /** Uploads across the whole blueprint (the limit of 5 counts them all). */
  uploadCount: number;
  onAnswer: (value: AnswerValue) => void;
  onUpload: (file: File) => void;
  onRemoveUpload: (id: string) => void;
}

const strings = (value: AnswerValue | undefined): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const files = (value: AnswerValue | undefined): UploadRef[] =>
  Array.isArray(value)
    ? value.filter((item): item is UploadRef => typeof item === 'object' && item !== null)
    : [];

/** One question of the form, rendered by its type (SPEC 3 "Questionnaire"). */
export function QuestionField(props: QuestionFieldProps) {
  const { question, value, disabled, onAnswer } = props;
  const intl = useIntl();
  const id = useId();
  const labelId = `${id}-label`;
  const helpId = `${id}-help`;
  const label = intl.formatMessage({ id: `blueprint.question.${question.id}.label` });
  const help = (
    <p id={helpId} className="blueprint-question__help">
      <FormattedMessage id={`blueprint.question.${question.id}.help`} />{' '}
      <span className="blueprint-question__points">
        (<FormattedMessage id="blueprint.points" values={{ points: question.points }} />)
      </span>
    </p>
  );
  const option = (item: string) =>
    intl.formatMessage({ id: `blueprint.option.${question.id}.${item}` });

  /** A question answered with one control that its label names. */
  const labelled = (control: ReactNode) => (
    <div className="blueprint-question" data-question={question.id}>
      <label htmlFor={id} className="blueprint-question__label">
        {label}
      </label>
      {help}
      {control}
    </div>
  );
  /** A question answered with a group of controls under one legend. */
  const group = (body: ReactNode) => (
    <fieldset className="blueprint-question" data-question={question.id} aria-describedby={helpId}>
      <legend className="blueprint-question__label">{label}</legend>
      {help}
      {body}
    </fieldset>
  );
  /** One radio card per item; the answer is the chosen item's id. */
  const radios = <T extends { id: string }>(
    items: readonly T[],
    className: string,
    content: (item: T) => ReactNode,
    style?: (item: T) => CSSProperties,
  ) =>
    items.map((item) => (
      <label key={item.id} className={className} style={style?.(item)}>
        <input
          type="radio"
          name={question.id}
          value={item.id}
          checked={value === item.id}
          disabled={disabled}
          onChange={() => onAnswer(item.id)}
        />
        {content(item)}
      </label>
    ));

  /** The props of a control whose answer is its text (text, textarea, select). */
  const textControl = {
    id,
    name: question.id,
    value: typeof value === 'string' ? value : '',
    disabled,
    'aria-describedby': helpId,
    onChange: (e: { target: { value: string } }) => onAnswer(e.target.value),
  };

  switch (question.type) {
    case 'text':
      return labelled(<input type="text" maxLength={200} {...textControl} />);
    case 'textarea':
      return labelled(<textarea rows={4} maxLength={2000} {...textControl} />);
    case 'select':
      return labelled(
        <select {...textControl}>
          <option value="">{intl.formatMessage({ id: 'blueprint.select.placeholder' })}</option>
          {question.options.map((item) => (
            <option key={item} value={item}>
              {option(item)}
            </option>
          ))}
        </select>,
      );
    case 'multiselect': {
      const chosen = strings(value);
      return group(
        <div className="blueprint-choices">
          {question.options.map((item) => (
            <label key={item} className="blueprint-choice">
              <input
                type="checkbox"
                name={question.id}
                value={item}
                checked={chosen.includes(item)}
                disabled={disabled}
                onChange={(e) =>
                  onAnswer(
                    e.target.checked
                      ? [...chosen.filter((c) => c !== item), item]
                      : chosen.filter((c) => c !== item),
                  )
                }
              />
              <span>{option(item)}</span>
            </label>
          ))}
        </div>,
      );
    }
    case 'checkbox':
      return (
        <div className="blueprint-question" data-question={question.id}>
          <label className="blueprint-choice">
            <input
              type="checkbox"
              name={question.id}
              checked={value === true}
              disabled={disabled}
              aria-describedby={helpId}
              onChange={(e) => onAnswer(e.target.checked)}
            />
            <span className="blueprint-question__label">{label}</span>
          </label>
          {help}
        </div>
      );
    case 'colorpicker': {
      const current = strings(value)[0] ?? '';
      return group(
        <div className="blueprint-colors">
          {COLOR_PRESETS.map((color) => (
            <button
              key={color}
              type="button"
              className="blueprint-swatch"
              style={{ background: color }}
              aria-pressed={current.toLowerCase() === color}
              aria-label={intl.formatMessage({ id: 'blueprint.color.preset' }, { color })}
              disabled={disabled}
              onClick={() => onAnswer([color])}
            />
          ))}
          <label className="blueprint-colors__custom">
            <span>
              <FormattedMessage id="blueprint.color.custom" />
            </span>
            <input
              type="color"
              value={/^#[0-9a-f]{6}$/i.test(current) ? current : '#000000'}
              disabled={disabled}
              onChange={(e) => onAnswer([e.target.value.toLowerCase()])}
            />
          </label>
          {current ? (
            <span className="blueprint-colors__value">{current.toUpperCase()}</span>
          ) : null}
        </div>,
      );
    }
    case 'palette':
      return group(
        <div className="blueprint-palettes">
          {radios(PALETTES, 'blueprint-palette', (palette) => (
            <>
              <span className="blueprint-palette__swatches" aria-hidden="true">
                {palette.colors.map((color) => (
                  <span key={color} style={{ background: color }} />
                ))}
              </span>
              <span>
                <FormattedMessage id={`blueprint.palette.${palette.id}`} />
              </span>
            </>
          ))}
        </div>,
      );
    case 'font':
      return group(
        <div className="blueprint-fonts">
          {radios(
            FONTS,
            'blueprint-font',
            (font) => (
              <span>{font.name}</span>
            ),
            (font) => ({ fontFamily: font.stack }),
          )}
        </div>,
      );
    case 'listinput': {
      const rows = strings(value);
      const shown = rows.length < question.maxItems ? [...rows, ''] : rows;
      const change = (index: number, text: string) => {
        const next = [...shown];
        next[index] = text;
        // The trailing empty row is the form's, not an answer.
        while (next.length > 0 && next[next.length - 1] === '') next.pop();
        onAnswer(next.slice(0, question.maxItems));
      };
      return group(
        <>
          <ol className="blueprint-list">
            {shown.map((row, index) => (
              <li key={index}>
                <input
                  type="text"
                  maxLength={200}
                  value={row}
                  disabled={disabled}
                  aria-label={intl.formatMessage(
                    { id: 'blueprint.list.item' },
                    { number: index + 1 },
                  )}
                  onChange={(e) => change(index, e.target.value)}
                  // One per row: Enter goes on to the next row (the empty one that typing made),
                  // as the help says, instead of running two keywords together.
                  onKeyDown={(e) => {
                    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
                    e.preventDefault();
                    e.currentTarget
                      .closest('li')
                      ?.nextElementSibling?.querySelector<HTMLInputElement>('input')
                      ?.focus();
                  }}
                />
                {index < rows.length ? (
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    disabled={disabled}
                    aria-label={intl.formatMessage(
                      { id: 'blueprint.list.remove' },
                      { number: index + 1 },
                    )}
                    onClick={() => onAnswer(rows.filter((_, i) => i !== index))}
                  >
                    ×
                  </button>
                ) : null}
              </li>
            ))}
          </ol>
          <p className="blueprint-question__help">
            <FormattedMessage
              id="blueprint.list.limit"
              values={{ count: rows.filter((r) => r.trim() !== '').length, max: question.maxItems }}
            />
          </p>
        </>,
      );
    }
    case 'file':
    case 'multifile': {
      const list = files(value);
      const full =
        props.uploadCount >= MAX_UPLOADS || (question.type === 'file' && list.length >= 1);
      return (
        <div
          className="blueprint-question"
          data-question={question.id}
          role="group"
          aria-labelledby={labelId}
        >
          <p id={labelId} className="blueprint-question__label">
            {label}
          </p>
          {help}
          {list.length > 0 ? (
            <ul className="blueprint-files">
              {list.map((file) => {
                const src = props.draftToken
                  ? blueprintUploadPath(props.draftToken, file.id)
                  : null;
                return (
                  <li key={file.id} className="blueprint-file">
                    {src ? <img src={src} alt="" width={64} height={64} /> : null}
                    <span>{file.name}</span>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      disabled={disabled}
                      onClick={() => props.onRemoveUpload(file.id)}
                    >
                      <FormattedMessage id="blueprint.upload.remove" values={{ name: file.name }} />
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : null}
          {question.type === 'file' && list.length >= 1 ? null : (
            <label className="blueprint-upload">
              <span className="button button--ghost button--small">
                <FormattedMessage
                  id={
                    question.type === 'file'
                      ? 'blueprint.upload.chooseOne'
                      : 'blueprint.upload.choose'
                  }
                />
              </span>
              <input
                type="file"
                className="visually-hidden"
                accept={question.accept.join(',')}
                disabled={disabled || full}
                aria-describedby={helpId}
                aria-label={label}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) props.onUpload(file);
                }}
              />
            </label>
          )}
        </div>
      );
    }
  }
}

export type { QuestionId };
