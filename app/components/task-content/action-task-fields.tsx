// The part of a task editor that belongs to a form, a policy to accept or a document upload: the one
// both the template's task dialog and a plan's own task dialog show under the task's common fields.
import type { ActionTaskType } from '../../../shared/tasks.ts';
import type { PolicyFileUpload } from '../../lib/api/upload-policy-file.ts';
import type { ActionContentDraft, DraftQuestion } from './action-content.ts';
import { FormQuestionBuilder } from './form-question-builder.tsx';
import { PolicyFields } from './policy-fields.tsx';
import { UploadKindsField } from './upload-kinds-field.tsx';

export type ActionTaskFieldsProps = {
  type: ActionTaskType;
  content: ActionContentDraft;
  policyUpload: PolicyFileUpload;
  /** The message at an issue path of TaskInputSchema ('policyText', 'formQuestions.0.label'), if any. */
  errorAt: (path: string) => string | undefined;
  /** The changed fields, and the paths of the controls edited (their messages no longer hold). */
  onChange: (patch: Partial<ActionContentDraft>, cleared: string[]) => void;
};

const LEGENDS: Record<ActionTaskType, string> = { form: 'Questions', acknowledgement: 'Policy', upload: 'Documents to upload' };

export function ActionTaskFields({ type, content, policyUpload, errorAt, onChange }: ActionTaskFieldsProps) {
  return (
    <fieldset className="fieldset gap-3 rounded-box border border-base-300 p-3">
      <legend className="fieldset-legend">{LEGENDS[type]}</legend>
      {type === 'form' && (
        <FormQuestionBuilder questions={content.formQuestions} errorAt={errorAt} onChange={(formQuestions: DraftQuestion[], cleared) => onChange({ formQuestions }, cleared)} />
      )}
      {type === 'acknowledgement' && (
        <PolicyFields
          policyText={content.policyText}
          policyFile={content.policyFile}
          upload={policyUpload}
          errorAt={errorAt}
          onChange={(patch) => onChange(patch, ['policyText', 'policyFile'])}
        />
      )}
      {type === 'upload' && <UploadKindsField kinds={content.uploadKinds} error={errorAt('uploadKinds')} onChange={(uploadKinds) => onChange({ uploadKinds }, ['uploadKinds'])} />}
    </fieldset>
  );
}
