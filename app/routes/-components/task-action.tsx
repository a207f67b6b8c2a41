// What a task of an action type shows in its details (issue 19): composed here because it is made of
// three features; the new hire's dashboard provides it through TaskActionContext. Each loads when a
// task of its kind is first opened, so the dashboard's first load carries none of them.
import { lazy, Suspense } from 'react';
import type { TaskActionProps } from '../../features/onboarding/task-action-slot.ts';

const FormTask = lazy(() => import('../../features/forms/form-task.tsx').then((module) => ({ default: module.FormTask })));
const AcknowledgementTask = lazy(() => import('../../features/acknowledgements/acknowledgement-task.tsx').then((module) => ({ default: module.AcknowledgementTask })));
const UploadTask = lazy(() => import('../../features/uploads/upload-task.tsx').then((module) => ({ default: module.UploadTask })));

const ACTIONS = { form: FormTask, acknowledgement: AcknowledgementTask, upload: UploadTask } as const;

export function TaskAction(props: TaskActionProps) {
  const type = props.task.type;
  if (type !== 'form' && type !== 'acknowledgement' && type !== 'upload') return null;
  const Action = ACTIONS[type];
  return (
    <Suspense fallback={<span className="loading loading-spinner loading-sm" aria-label="Loading" />}>
      <Action {...props} />
    </Suspense>
  );
}
