/** One process to run: no shell, arguments passed as they are. */
export interface ClientCommand {
  file: string;
  args: string[];
}
