/** A word as a POSIX shell reads it back: bare when it is only safe characters, else single-quoted. Pure. */
export function shellWord(text: string): string {
  return /^[A-Za-z0-9._/=:@%+-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`;
}
