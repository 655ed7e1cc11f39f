/** Hands a downloaded file to the browser to save as `name`, as a link to it would. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the file after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
