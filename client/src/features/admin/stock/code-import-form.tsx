/** Import codes into a product's stock: pasted, or from a .txt/.csv file (one code a line, blank lines ignored). The
 * text goes in parts (code-import.ts), with a progress bar, and ends with a summary listing refused lines by number. */
import { useId, useRef, useState, type ReactNode } from "react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { type CodeImportResult, type ImportRefusal, type ProductStock } from "@store/shared/schemas/stock";
import { isQueued } from "../../../api/admin-client.ts";
import { adminApi } from "../../../local/admin-api.ts";
import * as api from "../../../api/admin-endpoints.ts";
import {
  formatOfFile,
  importParts,
  isImportFile,
  joinResults,
  lineWarnings,
  splitLines,
  type LineWarning,
  type LineWarningKind,
  type ImportFormat,
  type ImportRefusalRow,
  type ImportSummary,
} from "./code-import.ts";
import { useAdminErrorText } from "./admin-errors.ts";
import { useOptionName } from "./stock-shared.ts";

/** Refused lines listed per reason; past this many the rest are counted. */
const LISTED_LINES = 200;
/** Lines listed in the warning before an import; past this many the rest are counted. */
const WARNED_LINES = 20;

function WarningKind({ kind }: { kind: LineWarningKind }) {
  if (kind === "inner_space") return <Trans>a space inside the code</Trans>;
  if (kind === "control") return <Trans>a control character (tab or invisible)</Trans>;
  return <Trans>a character beyond plain ASCII (accented letter or look-alike)</Trans>;
}

/** The lines worth a second look before they are imported, with "Import anyway" unless one holds a control
 * character, which the server refuses. */
function ImportWarnings({
  warnings,
  onImportAnyway,
  onFix,
}: {
  warnings: LineWarning[];
  onImportAnyway: () => void;
  onFix: () => void;
}) {
  const id = useId();
  const blocking = warnings.some((w) => w.kinds.includes("control"));
  const more = warnings.length - WARNED_LINES;
  return (
    <div className="stock-import-warnings" role="alert" aria-labelledby={`${id}-title`} data-testid="import-warnings">
      <p id={`${id}-title`}>
        <strong>
          <Plural
            value={warnings.length}
            one="# line does not look like a code:"
            other="# lines do not look like codes:"
          />
        </strong>
      </p>
      <ul>
        {warnings.slice(0, WARNED_LINES).map((w) => (
          <li key={w.line} data-testid="import-warning">
            <Trans>Line {w.line}:</Trans>{" "}
            {w.kinds.map((kind, i) => (
              <span key={kind}>
                {i > 0 ? ", " : ""}
                <WarningKind kind={kind} />
              </span>
            ))}
          </li>
        ))}
      </ul>
      <MoreLines count={more} />
      {blocking ? (
        <p className="ac-hint">
          <Trans>Control characters are never imported: remove them, then import again.</Trans>
        </p>
      ) : null}
      <div className="stock-import-warnings__actions">
        {blocking ? null : (
          <button type="button" className="btn btn--secondary btn--sm" onClick={onImportAnyway}>
            <Trans>Import anyway</Trans>
          </button>
        )}
        <button type="button" className="btn btn--primary btn--sm" onClick={onFix}>
          <Trans>Fix the codes</Trans>
        </button>
      </div>
    </div>
  );
}

type Source = { kind: "paste" } | { kind: "file"; name: string; text: string; lines: number };

interface Progress {
  done: number;
  total: number;
}

interface Outcome {
  summary: ImportSummary;
  /** Set when a part failed: the line it started at and why. The parts before it were imported. */
  stoppedAt?: { line: number; message: string };
}

/** "and N more lines" under a list cut short. */
function MoreLines({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <p className="ac-hint">
      <Plural value={count} one="and # more line" other="and # more lines" />
    </p>
  );
}

function RefusedLines({ rows, label }: { rows: ImportRefusalRow[]; label: ReactNode }) {
  const { t } = useLingui();
  if (rows.length === 0) return null;
  const shown = rows.slice(0, LISTED_LINES);
  const more = rows.length - shown.length;
  return (
    <div className="stock-refused">
      <h5>
        {label} ({rows.length})
      </h5>
      <ul className="stock-refused__lines">
        {shown.map((row) => {
          const line = row.line;
          const first = row.firstLine;
          return <li key={line}>{first !== undefined ? t`Line ${line} (repeats line ${first})` : t`Line ${line}`}</li>;
        })}
      </ul>
      <MoreLines count={more} />
    </div>
  );
}

function ImportSummaryView({ outcome }: { outcome: Outcome }) {
  const { summary, stoppedAt } = outcome;
  const byReason = (reason: ImportRefusal) => summary.refused.filter((r) => r.reason === reason);
  const imported = summary.imported;
  const refused = summary.refused.length;
  const lines = summary.lines;
  const blank = summary.blank;
  return (
    <div className="stock-summary" data-testid="import-summary">
      <h4>
        <Trans>Import summary</Trans>
      </h4>
      {stoppedAt ? (
        <p className="ac-field-error" role="alert">
          <Trans>
            The import stopped at line {stoppedAt.line}: {stoppedAt.message}. The lines before it were imported.
          </Trans>
        </p>
      ) : null}
      <p role="status" data-testid="import-counts">
        <Trans>
          {imported} imported, {refused} refused, {blank} blank lines ignored, of {lines} lines read.
        </Trans>
      </p>
      <RefusedLines rows={byReason("duplicate_in_file")} label={<Trans>Duplicates within the file</Trans>} />
      <RefusedLines rows={byReason("already_in_stock")} label={<Trans>Already in stock</Trans>} />
      <RefusedLines rows={byReason("too_long")} label={<Trans>Too long</Trans>} />
      <RefusedLines rows={byReason("invalid_characters")} label={<Trans>Invalid characters</Trans>} />
      {summary.completedOrders.length > 0 ? (
        <p>
          <Trans>Orders completed with these codes:</Trans>{" "}
          {summary.completedOrders.map((code, i) => (
            <span key={code}>
              {i > 0 ? ", " : ""}
              <bdi>{code}</bdi>
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}

export function CodeImport({
  productId,
  stock,
  onImported,
}: {
  productId: string;
  stock: ProductStock;
  onImported: (stock: ProductStock) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const errorText = useAdminErrorText();
  const optionName = useOptionName();
  const fileInput = useRef<HTMLInputElement>(null);
  const options = stock.variants.filter((v) => v.variantId !== null);
  const [variantId, setVariantId] = useState<string>(options[0]?.variantId ?? "");
  const [paste, setPaste] = useState("");
  const [source, setSource] = useState<Source>({ kind: "paste" });
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  /** Lines saved offline: imported when the connection returns (the summary then is the stock's counts). */
  const [queued, setQueued] = useState(0);
  /** Lines to look at again before importing (shown until the operator imports anyway or changes the codes). */
  const [warnings, setWarnings] = useState<LineWarning[] | null>(null);
  const pasteRef = useRef<HTMLTextAreaElement>(null);
  const busy = progress !== null;

  async function chooseFile(file: File | undefined) {
    setError(null);
    setOutcome(null);
    if (!file) {
      setSource({ kind: "paste" });
      return;
    }
    if (!isImportFile(file.name)) {
      setError(t`Choose a .txt or .csv file.`);
      if (fileInput.current) fileInput.current.value = "";
      return;
    }
    const text = await file.text();
    setSource({ kind: "file", name: file.name, text, lines: splitLines(text).length });
  }

  function clearFile() {
    if (fileInput.current) fileInput.current.value = "";
    setSource({ kind: "paste" });
  }

  async function runImport(anyway = false) {
    if (busy) return;
    const text = source.kind === "file" ? source.text : paste;
    const format: ImportFormat = source.kind === "file" ? formatOfFile(source.name) : "text";
    const lines = splitLines(text);
    if (lines.every((l) => l.trim() === "")) {
      setError(t`Paste codes or choose a file first.`);
      return;
    }
    const found = lineWarnings(lines, format);
    if (found.length > 0 && (!anyway || found.some((w) => w.kinds.includes("control")))) {
      setError(null);
      setOutcome(null);
      setWarnings(found);
      return;
    }
    setWarnings(null);
    setError(null);
    setOutcome(null);
    setQueued(0);
    const parts = importParts(lines);
    const results: CodeImportResult[] = [];
    setProgress({ done: 0, total: lines.length });
    let stoppedAt: Outcome["stoppedAt"];
    let queuedLines = 0;
    for (const part of parts) {
      const first = part.lineOffset + 1;
      const last = part.lineOffset + part.lines;
      try {
        const answer = await adminApi.call(
          api.stock.import,
          {
            params: productId,
            body: {
              variantId: variantId === "" ? null : variantId,
              format,
              text: part.text,
              lineOffset: part.lineOffset,
            },
          },
          // Offline, each part waits in the outbox, in order with this product's other code changes.
          {
            queueOffline: { entity: "codes", entityId: productId, label: t`Import codes: lines ${first}–${last}` },
            queueOnly: queuedLines > 0,
          },
        );
        results.push(answer);
        setProgress({ done: part.lineOffset + part.lines, total: lines.length });
      } catch (err) {
        // Queued (offline): the parts after it are queued too, behind it, never sent ahead of it.
        if (isQueued(err)) {
          queuedLines += part.lines;
          continue;
        }
        stoppedAt = { line: part.lineOffset + 1, message: errorText(err, t`Something went wrong. Please try again.`) };
        break;
      }
    }
    setQueued(queuedLines);
    if (queuedLines > 0 && results.length === 0 && !stoppedAt) {
      setProgress(null);
      setPaste("");
      clearFile();
      return;
    }
    const covered = parts.slice(0, results.length).reduce((n, part) => n + part.lines, 0);
    const summary = joinResults(lines, format, results, covered);
    setOutcome(stoppedAt ? { summary, stoppedAt } : { summary });
    setProgress(null);
    if (summary.stock) onImported(summary.stock);
    if (!stoppedAt) {
      setPaste("");
      clearFile();
    }
  }

  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  const done = progress?.done ?? 0;
  const total = progress?.total ?? 0;

  return (
    <div className="stock-import">
      <h4>
        <Trans>Import codes</Trans>
      </h4>
      <p className="ac-hint">
        <Trans>One code per line; blank lines are ignored. Duplicates are refused and listed by line.</Trans>
      </p>
      {options.length > 0 ? (
        <div className="field">
          <label htmlFor={`${id}-option`}>
            <Trans>Option</Trans>
          </label>
          <select
            id={`${id}-option`}
            value={variantId}
            onChange={(e) => setVariantId(e.currentTarget.value)}
            disabled={busy}
          >
            {options.map((v) => (
              <option key={v.variantId} value={v.variantId ?? ""}>
                {optionName(v.name)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-paste`}>
          <Trans>Paste codes</Trans>
        </label>
        <textarea
          id={`${id}-paste`}
          value={paste}
          ref={pasteRef}
          onChange={(e) => {
            setPaste(e.currentTarget.value);
            setWarnings(null);
          }}
          disabled={busy || source.kind === "file"}
          spellCheck={false}
          autoComplete="off"
          dir="ltr"
          rows={5}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-file`}>
          <Trans>Or choose a .txt or .csv file</Trans>
        </label>
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept=".txt,.csv,text/plain,text/csv"
          disabled={busy}
          onChange={(e) => {
            setWarnings(null);
            void chooseFile(e.currentTarget.files?.[0]);
          }}
        />
        {source.kind === "file" ? (
          <p className="ac-hint" data-testid="import-file">
            <bdi>{source.name}</bdi>: <Plural value={source.lines} one="# line" other="# lines" />{" "}
            <button type="button" className="btn btn--link btn--sm" onClick={clearFile} disabled={busy}>
              <Trans>Remove file</Trans>
            </button>
          </p>
        ) : null}
      </div>
      {error ? (
        <p className="ac-field-error" role="alert">
          {error}
        </p>
      ) : null}
      {warnings ? (
        <ImportWarnings
          warnings={warnings}
          onImportAnyway={() => void runImport(true)}
          onFix={() => {
            setWarnings(null);
            if (source.kind === "paste") pasteRef.current?.focus();
            else clearFile();
          }}
        />
      ) : null}
      <div>
        <button type="button" className="btn btn--primary btn--sm" onClick={() => void runImport()} disabled={busy}>
          {busy ? <Trans>Importing…</Trans> : <Trans>Import codes</Trans>}
        </button>
      </div>
      {progress ? (
        <div className="stock-progress" data-testid="import-progress">
          <progress id={`${id}-progress`} max={100} value={percent} aria-label={t`Import progress`} />
          <p className="ac-hint" aria-live="polite">
            <Trans>
              {done} of {total} lines sent ({percent}%)
            </Trans>
          </p>
        </div>
      ) : null}
      {queued > 0 ? (
        <p className="ac-hint" role="status" data-testid="import-queued">
          <Plural
            value={queued}
            one="# line saved offline: it will be imported when the connection returns."
            other="# lines saved offline: they will be imported when the connection returns."
          />
        </p>
      ) : null}
      {outcome ? <ImportSummaryView outcome={outcome} /> : null}
    </div>
  );
}
