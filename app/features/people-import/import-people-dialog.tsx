// Import people from a CSV file (issue 21): choose a file or paste, see every row checked by the server
// (nothing is written), then import them all in one go once no row has an error.
import { AlertCircle, CheckCircle2, FileDown, FileUp, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, exampleImportCsv, importSummary, type ImportPreview, type ImportRow } from '../../../shared/people-import.ts';
import { ROLE_LABELS } from '../../../shared/roles.ts';
import { Modal } from '../../components/ui/modal.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage, notify, notifyError } from '../../lib/notify.ts';
import { useImportPeople } from './api/import-people.ts';
import { usePreviewImport } from './api/preview-import.ts';

const EXAMPLE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(exampleImportCsv())}`;

export function ImportPeopleButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline" onClick={() => setOpen(true)}>
        <Upload className="size-4" aria-hidden="true" /> Import CSV
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        size="xl"
        title="Import people from CSV"
        description="Each row becomes an invitation, and a plan when it names a template. Nothing is saved until you import."
        icon={<FileUp className="size-5 text-primary" />}
      >
        <ImportPeople onDone={() => setOpen(false)} />
      </Modal>
    </>
  );
}

function ImportPeople({ onDone }: { onDone: () => void }) {
  const [csv, setCsv] = useState('');
  const [checkedCsv, setCheckedCsv] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = usePreviewImport();
  const runImport = useImportPeople();
  const fileId = useId();
  const pasteId = useId();

  const check = (text: string) => {
    setCheckedCsv(text);
    preview.mutate(text);
  };

  const chooseFile = async (file: File | undefined) => {
    setFileError(null);
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) {
      setFileError('The file is larger than 1 MB: split it into smaller files.');
      return;
    }
    const text = await file.text();
    setCsv(text);
    check(text);
  };

  const result = checkedCsv === csv ? preview.data : undefined;
  const canImport = !!result && result.withErrors === 0 && result.ready > 0 && !preview.isPending;

  const submit = () =>
    runImport.mutate(csv, {
      onSuccess: (done) => {
        notify.success(
          `${done.invited} ${done.invited === 1 ? 'person' : 'people'} invited`,
          done.plans ? `${done.plans} onboarding ${done.plans === 1 ? 'plan' : 'plans'} created.` : undefined,
        );
        onDone();
      },
      onError: (error) => {
        notifyError(error, 'Nothing was imported');
        // Something changed since the preview (a person joined, a template became a draft): show it.
        if (error instanceof ApiError && error.status === 400) check(csv);
      },
    });

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 md:grid-cols-2">
        <fieldset className="fieldset">
          <label className="fieldset-legend" htmlFor={fileId}>
            CSV file
          </label>
          <input id={fileId} type="file" accept=".csv,text/csv" className="file-input w-full" onChange={(event) => void chooseFile(event.currentTarget.files?.[0])} />
          <p className="label text-wrap">Columns: {IMPORT_COLUMNS.map((column) => column.header).join(', ')}. At most 500 rows, 1 MB.</p>
          {fileError && (
            <p role="alert" className="text-sm text-error">
              {fileError}
            </p>
          )}
          <a className="link link-primary inline-flex w-fit items-center gap-1 text-sm" href={EXAMPLE_HREF} download="kickoff-people-example.csv">
            <FileDown className="size-4" aria-hidden="true" /> Download an example CSV
          </a>
        </fieldset>
        <fieldset className="fieldset">
          <label className="fieldset-legend" htmlFor={pasteId}>
            Or paste the CSV
          </label>
          <textarea
            id={pasteId}
            className="textarea h-28 w-full font-mono text-xs"
            value={csv}
            onChange={(event) => setCsv(event.currentTarget.value)}
            placeholder={IMPORT_COLUMNS.map((column) => column.header).join(',')}
            spellCheck={false}
          />
          <PendingButton tone="outline" className="btn-sm w-fit" pending={preview.isPending} disabled={!csv.trim() || checkedCsv === csv} onClick={() => check(csv)}>
            Preview
          </PendingButton>
        </fieldset>
      </div>

      {preview.isPending && (
        <p className="flex items-center gap-2 text-sm text-base-content/70" role="status">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" /> Checking every row…
        </p>
      )}
      {preview.isError && checkedCsv === csv && (
        <div role="alert" className="alert alert-error alert-soft">
          <AlertCircle className="size-5" aria-hidden="true" />
          <span>{errorMessage(preview.error, 'The file could not be checked. Please try again.')}</span>
        </div>
      )}
      {!result && !preview.isPending && !preview.isError && (
        <p className="rounded-box border border-dashed border-base-300 p-6 text-center text-sm text-base-content/70">
          Choose a file or paste its text to see each row before anything is saved.
        </p>
      )}
      {result && <PreviewRows preview={result} />}

      <div className="modal-action mt-0 flex-wrap">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Cancel
        </button>
        <PendingButton pending={runImport.isPending} disabled={!canImport} onClick={submit} icon={<Upload className="size-4" aria-hidden="true" />}>
          {canImport ? `Import ${result.ready} ${result.ready === 1 ? 'person' : 'people'}` : 'Import'}
        </PendingButton>
      </div>
    </div>
  );
}

function PreviewRows({ preview }: { preview: ImportPreview }) {
  const clean = preview.withErrors === 0;
  return (
    <section aria-label="Preview" className="flex flex-col gap-3">
      <div role="status" className={`alert alert-soft ${clean ? 'alert-success' : 'alert-warning'}`}>
        {clean ? <CheckCircle2 className="size-5" aria-hidden="true" /> : <AlertCircle className="size-5" aria-hidden="true" />}
        <span>
          <strong>{importSummary(preview)}</strong>
          {clean ? '. Nothing is saved until you import.' : '. Fix the highlighted cells (in your file, or in the text above and Preview again).'}
        </span>
      </div>

      <div className="hidden max-h-[45vh] overflow-auto rounded-box border border-base-300 md:block">
        <table className="table table-sm table-pin-rows">
          <thead>
            <tr>
              <th scope="col">Line</th>
              {IMPORT_COLUMNS.map((column) => (
                <th scope="col" key={column.key}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.line} className={row.errors.length ? 'bg-error/5' : undefined}>
                <th scope="row" className="font-normal text-base-content/70">
                  {row.line}
                </th>
                {IMPORT_COLUMNS.map((column) => (
                  <Cell key={column.key} row={row} column={column.key} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="flex max-h-[50vh] flex-col gap-2 overflow-auto md:hidden" aria-label="Rows">
        {preview.rows.map((row) => (
          <li key={row.line} className={`card card-border card-sm ${row.errors.length ? 'border-error/60' : ''}`}>
            <div className="card-body gap-1">
              <div className="flex items-center justify-between gap-2">
                <span className="font-medium break-all">{row.values.email || '(no email)'}</span>
                <span className={`badge badge-sm ${row.errors.length ? 'badge-error' : 'badge-success'}`}>{row.errors.length ? `${row.errors.length} to fix` : 'Ready'}</span>
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-base-content/70">Line</dt>
                <dd>{row.line}</dd>
                {IMPORT_COLUMNS.filter((column) => column.key !== 'email' || errorOf(row, 'email')).map((column) => (
                  <CardField key={column.key} row={row} column={column.key} label={column.label} />
                ))}
              </dl>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

type Column = (typeof IMPORT_COLUMNS)[number]['key'];

const errorOf = (row: ImportRow, column: Column) => row.errors.find((error) => error.column === column)?.message;

function shown(row: ImportRow, column: Column): string {
  if (column === 'role' && row.role) return ROLE_LABELS[row.role];
  return row.values[column];
}

function Cell({ row, column }: { row: ImportRow; column: Column }) {
  const error = errorOf(row, column);
  const value = shown(row, column);
  return (
    <td className={error ? 'bg-error/10' : undefined}>
      <span className={value ? 'break-all' : 'text-base-content/40'}>{value || '—'}</span>
      {error && (
        <span className="mt-1 flex items-start gap-1 text-xs text-error">
          <AlertCircle className="mt-0.5 size-3 shrink-0" aria-hidden="true" />
          {error}
        </span>
      )}
    </td>
  );
}

function CardField({ row, column, label }: { row: ImportRow; column: Column; label: string }) {
  const error = errorOf(row, column);
  const value = shown(row, column);
  return (
    <>
      <dt className={error ? 'text-error' : 'text-base-content/70'}>{label}</dt>
      <dd className="min-w-0">
        <span className={value ? 'break-all' : 'text-base-content/40'}>{value || '—'}</span>
        {error && <span className="block text-xs text-error">{error}</span>}
      </dd>
    </>
  );
}
