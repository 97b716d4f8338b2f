import { useId } from 'react';
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

  switch (question.type) {
    case 'text':
    case 'textarea': {
      const text = typeof value === 'string' ? value : '';
      const common = {
        id,
        name: question.id,
        value: text,
        disabled,
        'aria-describedby': helpId,
        onChange: (e: { target: { value: string } }) => onAnswer(e.target.value),
      };
      return (
        <div className="blueprint-question" data-question={question.id}>
          <label htmlFor={id} className="blueprint-question__label">
            {label}
          </label>
          {help}
          {question.type === 'text' ? (
            <input type="text" maxLength={200} {...common} />
          ) : (
            <textarea rows={4} maxLength={2000} {...common} />
          )}
        </div>
      );
    }
    case 'select':
      return (
        <div className="blueprint-question" data-question={question.id}>
          <label htmlFor={id} className="blueprint-question__label">
            {label}
          </label>
          {help}
          <select
            id={id}
            name={question.id}
            value={typeof value === 'string' ? value : ''}
            disabled={disabled}
            aria-describedby={helpId}
            onChange={(e) => onAnswer(e.target.value)}
          >
            <option value="">{intl.formatMessage({ id: 'blueprint.select.placeholder' })}</option>
            {question.options.map((item) => (
              <option key={item} value={item}>
                {option(item)}
              </option>
            ))}
          </select>
        </div>
      );
    case 'multiselect': {
      const chosen = strings(value);
      return (
        <fieldset
          className="blueprint-question"
          data-question={question.id}
          aria-describedby={helpId}
        >
          <legend className="blueprint-question__label">{label}</legend>
          {help}
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
          </div>
        </fieldset>
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
      return (
        <fieldset
          className="blueprint-question"
          data-question={question.id}
          aria-describedby={helpId}
        >
          <legend className="blueprint-question__label">{label}</legend>
          {help}
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
          </div>
        </fieldset>
      );
    }
    case 'palette':
      return (
        <fieldset
          className="blueprint-question"
          data-question={question.id}
          aria-describedby={helpId}
        >
          <legend className="blueprint-question__label">{label}</legend>
          {help}
          <div className="blueprint-palettes">
            {PALETTES.map((palette) => (
              <label key={palette.id} className="blueprint-palette">
                <input
                  type="radio"
                  name={question.id}
                  value={palette.id}
                  checked={value === palette.id}
                  disabled={disabled}
                  onChange={() => onAnswer(palette.id)}
                />
                <span className="blueprint-palette__swatches" aria-hidden="true">
                  {palette.colors.map((color) => (
                    <span key={color} style={{ background: color }} />
                  ))}
                </span>
                <span>
                  <FormattedMessage id={`blueprint.palette.${palette.id}`} />
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      );
    case 'font':
      return (
        <fieldset
          className="blueprint-question"
          data-question={question.id}
          aria-describedby={helpId}
        >
          <legend className="blueprint-question__label">{label}</legend>
          {help}
          <div className="blueprint-fonts">
            {FONTS.map((font) => (
              <label key={font.id} className="blueprint-font" style={{ fontFamily: font.stack }}>
                <input
                  type="radio"
                  name={question.id}
                  value={font.id}
                  checked={value === font.id}
                  disabled={disabled}
                  onChange={() => onAnswer(font.id)}
                />
                <span>{font.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
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
      return (
        <fieldset
          className="blueprint-question"
          data-question={question.id}
          aria-describedby={helpId}
        >
          <legend className="blueprint-question__label">{label}</legend>
          {help}
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
        </fieldset>
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
