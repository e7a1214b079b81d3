/** The part of jStat (no published types) this project uses: the beta distribution's quantile (rate intervals) and Student's t (the QPS drop test). */
declare module "jstat" {
  const jStat: {
    beta: { inv(p: number, alpha: number, beta: number): number };
    studentt: { cdf(x: number, dof: number): number; inv(p: number, dof: number): number };
  };
  export default jStat;
}
