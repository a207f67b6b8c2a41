// The editor's Template information card: title, description, kind, duration, business days and Active / Draft.
import { TEMPLATE_KIND_LABELS, TEMPLATE_KINDS } from '../../../shared/templates.ts';
import { TextAreaField, TextField } from '../../components/forms/fields.tsx';
import type { TemplateDraft } from './template-draft.ts';

type TemplateInfo = Omit<TemplateDraft, 'sections'>;

export function TemplateInfoCard({ draft, errors, onChange }: { draft: TemplateInfo; errors: Record<string, string>; onChange: (patch: Partial<TemplateInfo>) => void }) {
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="template-info-heading">
      <div className="card-body gap-4 p-4 md:p-6">
        <h2 id="template-info-heading" className="card-title">
          Template information
        </h2>
        <TextField
          label="Title"
          id="template-title"
          error={errors.title}
          value={draft.title}
          maxLength={200}
          autoComplete="off"
          placeholder="e.g. Engineering Onboarding"
          onChange={(title) => onChange({ title })}
        />
        <TextAreaField
          label="Description (optional)"
          id="template-description"
          error={errors.description}
          rows={3}
          maxLength={5000}
          value={draft.description}
          placeholder="Who this plan is for and what they will achieve"
          onChange={(description) => onChange({ description })}
        />
        <fieldset className="fieldset gap-1 py-1">
          <legend className="fieldset-legend py-0 text-sm">Kind</legend>
          <div className="join w-full sm:w-fit">
            {TEMPLATE_KINDS.map((kind) => (
              <input
                key={kind}
                type="radio"
                name="template-kind"
                aria-label={TEMPLATE_KIND_LABELS[kind]}
                className="btn join-item flex-1 sm:min-w-36"
                checked={draft.kind === kind}
                onChange={() => onChange({ kind })}
              />
            ))}
          </div>
          <p className="text-xs text-base-content/70">
            {draft.kind === 'onboarding' ? 'For someone joining: day 1 is their start date.' : 'For someone leaving: day 1 is when their offboarding starts.'}
          </p>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Duration (days)"
            id="template-duration"
            error={errors.duration}
            type="number"
            inputMode="numeric"
            min={1}
            value={draft.duration}
            onChange={(duration) => onChange({ duration })}
          />
          <fieldset className="fieldset gap-1 py-1">
            <legend className="fieldset-legend py-0 text-sm">Status</legend>
            <div className="join">
              {(
                [
                  [true, 'Active'],
                  [false, 'Draft'],
                ] as const
              ).map(([value, label]) => (
                <input
                  key={label}
                  type="radio"
                  name="template-status"
                  aria-label={label}
                  className="btn join-item flex-1"
                  checked={draft.isActive === value}
                  onChange={() => onChange({ isActive: value })}
                />
              ))}
            </div>
            <p className="text-xs text-base-content/70">
              {draft.isActive ? 'Active templates can be assigned to new hires.' : 'Drafts stay hidden from assignment until you make them active.'}
            </p>
          </fieldset>
        </div>
        <div className="fieldset gap-1 py-1">
          <label className="label cursor-pointer gap-3 text-sm text-base-content" htmlFor="template-business-days">
            <input
              id="template-business-days"
              type="checkbox"
              className="toggle toggle-primary"
              checked={draft.businessDays}
              aria-describedby="template-business-days-hint"
              onChange={(event) => onChange({ businessDays: event.target.checked })}
            />
            Count business days only (skip weekends)
          </label>
          <p id="template-business-days-hint" className="text-xs text-base-content/70">
            {draft.businessDays ? 'Day 2 is the next weekday after day 1: due dates never fall on a Saturday or Sunday.' : 'Days are calendar days: day 8 is one week after day 1.'}
          </p>
        </div>
      </div>
    </section>
  );
}
