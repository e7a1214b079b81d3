/** The part of jStat (no published types) that verdict-quality.ts uses: the beta distribution's quantile. */
declare module "jstat" {
  const jStat: { beta: { inv(p: number, alpha: number, beta: number): number } };
  export default jStat;
}
