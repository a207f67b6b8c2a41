// The editor's Template information card: title, description, duration and Active / Draft.
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
      </div>
    </section>
  );
}
