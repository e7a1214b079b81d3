/**
 * Order statistics of the n² candidate shifts of the rank statistics without materialising them: the
 * Walsh averages (d_i + d_j) / 2 (i <= j) of one sample, and the pairwise differences x_i - y_j of two.
 * Both form a matrix whose rows and columns are sorted once the inputs are, so the number of values
 * below any t is counted in O(n) with two pointers; selection (Monahan's algorithm, after Johnson &
 * Mitchell) narrows a band of candidate columns per row around a random candidate pivot until few are
 * left, in O(n log n) expected time and O(n) memory. Every value is computed with the same floating-point
 * operation as the full enumeration, so the selected values equal its sorted entries exactly (inputs of -0
 * count as 0: a pivot cannot tell them apart, and log ratios are never -0).
 */

/** A matrix of values that are nondecreasing along each row, whose "value < t" boundary never moves right from one row to the next. */
interface SortedMatrix {
  rows: number;
  /** columns of every row end here (exclusive) */
  cols: number;
  /** first column of row i */
  first(i: number): number;
  value(i: number, j: number): number;
  /** out[i] = first column of row i (>= first(i)) whose value is >= t (orEqual: > t); returns how many values lie before those columns */
  boundaries(t: number, orEqual: boolean, out: Int32Array): number;
}

/** Below this many candidates left the selection sorts them: the same cost as one more counting pass. */
const SORT_BELOW = 4096;

/** xorshift32 with a fixed seed: pivots only decide the running time, never the result, so determinism is for reproducible timings. */
function pivotRandom(): () => number {
  let state = 0x9e3779b9;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** The k-th smallest value (1-based) of the matrix. */
function select(matrix: SortedMatrix, k: number): number {
  const { rows, cols } = matrix;
  const low = Int32Array.from({ length: rows }, (_, i) => matrix.first(i));
  const high = new Int32Array(rows).fill(cols);
  const bound = new Int32Array(rows);
  const random = pivotRandom();
  for (;;) {
    let remaining = 0;
    for (let i = 0; i < rows; i++) remaining += Math.max(0, (high[i] as number) - (low[i] as number));
    if (remaining <= Math.max(SORT_BELOW, 2 * (rows + cols))) {
      const candidates = new Float64Array(remaining);
      let c = 0;
      let before = 0;
      for (let i = 0; i < rows; i++) {
        before += (low[i] as number) - matrix.first(i);
        for (let j = low[i] as number; j < (high[i] as number); j++) candidates[c++] = matrix.value(i, j);
      }
      candidates.sort();
      return candidates[k - before - 1] as number;
    }
    // a uniformly drawn candidate as the pivot
    let r = Math.floor(random() * remaining);
    let row = 0;
    for (; row < rows; row++) {
      const width = Math.max(0, (high[row] as number) - (low[row] as number));
      if (r < width) break;
      r -= width;
    }
    const pivot = matrix.value(row, (low[row] as number) + r);
    if (k <= matrix.boundaries(pivot, false, bound)) {
      for (let i = 0; i < rows; i++) high[i] = Math.min(high[i] as number, bound[i] as number);
      continue;
    }
    if (k > matrix.boundaries(pivot, true, bound)) {
      for (let i = 0; i < rows; i++) low[i] = Math.max(low[i] as number, bound[i] as number);
      continue;
    }
    return pivot;
  }
}

/** The (k+1)-th smallest value, given the k-th smallest v. */
function nextValue(matrix: SortedMatrix, v: number, k: number): number {
  const bound = new Int32Array(matrix.rows);
  if (matrix.boundaries(v, true, bound) > k) return v;
  let next = Infinity;
  for (let i = 0; i < matrix.rows; i++) if ((bound[i] as number) < matrix.cols) next = Math.min(next, matrix.value(i, bound[i] as number));
  return next;
}

const positiveZero = (v: number) => v + 0;

/** Order statistics of a matrix of `size` values. */
export interface CandidateShifts {
  size: number;
  /** the k-th smallest, 1-based */
  kth(k: number): number;
  /** the median (the mean of the two middle values when their number is even) */
  median(): number;
}

function shiftsOf(matrix: SortedMatrix, size: number): CandidateShifts {
  const kth = (k: number) => {
    if (!(k >= 1 && k <= size)) throw new RangeError(`order statistic ${k} of ${size} values`);
    return select(matrix, k);
  };
  return {
    size,
    kth,
    median: () => {
      const half = Math.floor(size / 2);
      if (size % 2) return kth(half + 1);
      const lower = kth(half);
      return (lower + nextValue(matrix, lower, half)) / 2;
    },
  };
}

/** The Walsh averages (d_i + d_j) / 2, i <= j, of the differences: n (n + 1) / 2 values. */
export function walshAverages(differences: readonly number[]): CandidateShifts {
  const d = Float64Array.from(differences, positiveZero).sort();
  const n = d.length;
  const matrix: SortedMatrix = {
    rows: n,
    cols: n,
    first: (i) => i,
    value: (i, j) => ((d[i] as number) + (d[j] as number)) / 2,
    boundaries(t, orEqual, out) {
      // the first column j of row i with value >= t (or > t) over all columns; it only moves left as d_i grows
      let j = n;
      let before = 0;
      for (let i = 0; i < n; i++) {
        const di = d[i] as number;
        while (j > 0 && (orEqual ? (di + (d[j - 1] as number)) / 2 > t : (di + (d[j - 1] as number)) / 2 >= t)) j--;
        out[i] = Math.max(j, i);
        before += (out[i] as number) - i;
      }
      return before;
    },
  };
  return shiftsOf(matrix, (n * (n + 1)) / 2);
}

/** The differences x_i - y_j of every pair: m n values. */
export function pairwiseDifferences(x: readonly number[], y: readonly number[]): CandidateShifts {
  const xs = Float64Array.from(x, positiveZero).sort();
  // y descending, so that each row x_i - y_j rises with j
  const yd = Float64Array.from(y, positiveZero).sort().reverse();
  const m = xs.length;
  const n = yd.length;
  const matrix: SortedMatrix = {
    rows: m,
    cols: n,
    first: () => 0,
    value: (i, j) => (xs[i] as number) - (yd[j] as number),
    boundaries(t, orEqual, out) {
      let j = n;
      let before = 0;
      for (let i = 0; i < m; i++) {
        const xi = xs[i] as number;
        while (j > 0 && (orEqual ? xi - (yd[j - 1] as number) > t : xi - (yd[j - 1] as number) >= t)) j--;
        out[i] = j;
        before += j;
      }
      return before;
    },
  };
  return shiftsOf(matrix, m * n);
}
