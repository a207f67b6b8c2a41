// The Template field of Assign Onboarding: the active templates with their length.
import type { TemplateSummary } from '../../../shared/templates.ts';
import { SelectField } from '../../components/forms/fields.tsx';
import type { BoundField } from '../../components/forms/use-form.ts';

export function TemplateField({ label, templates, placeholder, ...field }: BoundField & { label: string; templates: TemplateSummary[] | undefined; placeholder: string }) {
  return (
    <SelectField
      label={label}
      {...field}
      placeholder={placeholder}
      // An offboarding template says so: the same list holds both kinds.
      options={(templates ?? []).map((template) => ({
        value: template.id,
        label: `${template.title} (${template.duration} days${template.kind === 'offboarding' ? ', offboarding' : ''})`,
      }))}
    />
  );
}
