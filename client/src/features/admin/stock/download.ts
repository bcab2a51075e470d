/** Saves text the console has read (a CSV export) as a file on the operator's device. */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started from the link; the object URL is not needed after this turn.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
