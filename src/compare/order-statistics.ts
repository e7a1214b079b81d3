/**
 * Order statistics of the n² candidate shifts of the rank statistics without materialising them: the
 * Walsh averages (d_i + d_j) / 2 (i <= j) of one sample, and the pairwise differences x_i - y_j of two.
 * Both form a matrix whose rows and columns are sorted once the inputs are, so the number of values
 * below any t is counted in O(n) with two pointers. Selection (Johnson & Mitchell's, as in Monahan's
 * algorithm) narrows a band of candidate columns per row between two pivots drawn from a random sample
 * of the candidates around the sought rank (Floyd & Rivest), until few are left to sort: a handful of
 * counting passes, O(n log n) expected time with the sort of the inputs, and O(n) memory. Every value is computed with the same floating-point
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

/** Below this many candidates left the selection sorts them: about the cost of one more counting pass. */
const SORT_BELOW = 4096;
/** At most this many candidates drawn per round to place two pivots around the sought rank (Floyd & Rivest): each round keeps a few percent. */
const MAX_PIVOT_SAMPLE = 4096;

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
  // candidates: columns [low[i], high[i]) of each row; everything left of them is smaller than the answer, everything right larger
  const low = Int32Array.from({ length: rows }, (_, i) => matrix.first(i));
  const high = new Int32Array(rows).fill(cols);
  const ends = new Float64Array(rows);
  const below = new Int32Array(rows);
  const above = new Int32Array(rows);
  const random = pivotRandom();
  for (;;) {
    let remaining = 0;
    let before = 0;
    for (let i = 0; i < rows; i++) {
      remaining += Math.max(0, (high[i] as number) - (low[i] as number));
      ends[i] = remaining;
      before += (low[i] as number) - matrix.first(i);
    }
    if (remaining <= Math.max(SORT_BELOW, rows)) {
      const candidates = new Float64Array(remaining);
      let c = 0;
      for (let i = 0; i < rows; i++) for (let j = low[i] as number; j < (high[i] as number); j++) candidates[c++] = matrix.value(i, j);
      return candidates.sort()[k - before - 1] as number;
    }
    // two pivots from a sample of the candidates, a little below and above the sought rank's place in it
    const sampleSize = Math.min(MAX_PIVOT_SAMPLE, Math.ceil(remaining ** (2 / 3)));
    const sample = new Float64Array(sampleSize);
    for (let s = 0; s < sampleSize; s++) {
      const r = Math.floor(random() * remaining);
      let lo = 0;
      let hi = rows - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((ends[mid] as number) > r) hi = mid;
        else lo = mid + 1;
      }
      sample[s] = matrix.value(lo, (high[lo] as number) - ((ends[lo] as number) - r));
    }
    sample.sort();
    // the sought rank's place in the sample, give or take 3 standard deviations of a sample rank
    const share = (k - before) / remaining;
    const place = share * sampleSize;
    const spread = 3 * Math.sqrt(sampleSize * share * (1 - share)) + 2;
    const lowPivot = sample[Math.max(0, Math.floor(place - spread))] as number;
    const highPivot = sample[Math.min(sampleSize - 1, Math.ceil(place + spread))] as number;
    const smaller = matrix.boundaries(lowPivot, false, below);
    if (k <= smaller) {
      high.set(below.map((b, i) => Math.min(b, high[i] as number)));
      continue;
    }
    const atMost = matrix.boundaries(highPivot, true, above);
    if (k > atMost) {
      low.set(above.map((b, i) => Math.max(b, low[i] as number)));
      continue;
    }
    if (lowPivot === highPivot) return lowPivot;
    // the answer lies in [lowPivot, highPivot]: a few percent of the candidates, unless ties fill the range
    let kept = 0;
    for (let i = 0; i < rows; i++) {
      low[i] = Math.max(low[i] as number, below[i] as number);
      high[i] = Math.min(high[i] as number, above[i] as number);
      kept += Math.max(0, (high[i] as number) - (low[i] as number));
    }
    if (kept < remaining) continue;
    // nothing left out (the pivots are the smallest and largest candidates): settle lowPivot, which is one of them
    if (k <= matrix.boundaries(lowPivot, true, above)) return lowPivot;
    for (let i = 0; i < rows; i++) low[i] = Math.max(low[i] as number, above[i] as number);
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
