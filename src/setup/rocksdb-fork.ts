/**
 * The RocksDB demo fork (see fork-repo.ts): Debian's source package rocksdb (7.8.3 in bookworm),
 * and a head commit that hashes every data block a read touches. Point lookups (Get) and iterator
 * seeks both open their data blocks through BlockBasedTable::NewDataBlockIterator, so readrandom and
 * the range scans slow down, by the cost of hashing a ~4 KiB block per block visited.
 */
import { obtainDebianSource, type DebianSource } from "./debian-source.js";
import { addPatchBranches, makeForkRepo, type Edit, type ForkRepo, type ForkSpec, type PatchFile } from "./fork-repo.js";

export const ROCKSDB_SOURCE_PACKAGE = "rocksdb";

export function obtainRocksdbSource(cacheDir: string, onLine?: (line: string) => void): Promise<DebianSource> {
  return obtainDebianSource(cacheDir, ROCKSDB_SOURCE_PACKAGE, { upstreamName: "rocksdb", onLine });
}

const TABLE_READER = "table/block_based/block_based_table_reader_impl.h";

/** `sizeField`: the Block accessor hashed; a misspelt one does not compile. */
function fingerprintEdits(sizeField: string): Edit[] {
  return [
    {
      anchor: '#include "table/block_based/reader_common.h"\n',
      replacement: `#include "table/block_based/reader_common.h"
#include "util/hash.h"

#include <atomic>
`,
    },
    {
      anchor: "namespace ROCKSDB_NAMESPACE {\n",
      replacement: `namespace ROCKSDB_NAMESPACE {
// Fingerprint of the last data block a read opened, for block access tracing.
inline std::atomic<uint64_t> last_data_block_fingerprint{0};

`,
    },
    {
      anchor: "  assert(block.GetValue() != nullptr);\n\n  // Block contents are pinned",
      replacement: `  assert(block.GetValue() != nullptr);

  if (block_type == BlockType::kData) {
    last_data_block_fingerprint.store(
        Hash64(block.GetValue()->data(), block.GetValue()->${sizeField}()),
        std::memory_order_relaxed);
  }

  // Block contents are pinned`,
    },
  ];
}

export const ROCKSDB_HEAD_EDITS = fingerprintEdits("size");
/** "'class rocksdb::Block' has no member named 'sise'" */
export const ROCKSDB_BUILD_FAILURE_EDITS = fingerprintEdits("sise");

const ROCKSDB_FORK: ForkSpec = {
  displayName: "RocksDB",
  // upstream tracks these although its .gitignore has "*.cmake" and ".watchmanconfig"
  trackedIgnored: ["cmake/modules", ".watchmanconfig"],
  file: TABLE_READER,
  head: { edits: ROCKSDB_HEAD_EDITS, message: "table: fingerprint each data block a read opens, for block access tracing" },
  buildFailure: { edits: ROCKSDB_BUILD_FAILURE_EDITS, message: "table: fingerprint each data block a read opens (does not compile)" },
};

const DB_IMPL = "db/db_impl/db_impl.cc";
/** Rows of keySketchFiles' count-min sketch: fewer than PostgreSQL's, as a Get costs far fewer instructions than an executed statement. */
export const KEY_SKETCH_ROWS = 6;
/** Counters per row: 2M uint32, so the sketch is 48 MiB, far larger than the simulated last-level cache and this machine's 32 MiB L3. */
const KEY_SKETCH_WIDTH = 1 << 21;

/**
 * A change of the kind instructions cannot see (#35), for RocksDB: hot-key statistics. Every Get
 * (readrandom, readwhilewriting) hashes its key (its first 8 bytes, multiplied: db_bench's keys
 * differ there) and increments one counter in each of the 6 rows of a count-min sketch of 48 MiB,
 * zeroed once per process at the first Get: some 40 instructions per Get (gcc 12 -O2, the loop
 * unrolled: 5 a row; a Get is about 9,000:
 * docs/demo.md) and 6 scattered memory writes, each a last-level miss once the keys vary. Not
 * calibrated on a build yet (#35: RocksDB's builds did not finish in the session that made it). The
 * increments are plain, not atomic: a lost count is what a sketch tolerates.
 */
export function keySketchFiles(): PatchFile[] {
  return [
    {
      file: DB_IMPL,
      edits: [
        { anchor: '#include "util/hash_containers.h"\n', replacement: '#include "util/hash.h"\n#include "util/hash_containers.h"\n' },
        {
          anchor: "Status DBImpl::GetImpl(const ReadOptions& read_options, const Slice& key,\n",
          replacement: `namespace {
// Hot-key statistics: a count-min sketch of the keys point lookups ask for
// (${KEY_SKETCH_ROWS} rows of ${KEY_SKETCH_WIDTH} counters), for cache admission advice.
// Increments are plain: a sketch tolerates a lost count.
constexpr size_t kKeySketchRows = ${KEY_SKETCH_ROWS};
constexpr size_t kKeySketchWidth = size_t{1} << ${Math.log2(KEY_SKETCH_WIDTH)};

void KeySketchAdd(const Slice& key) {
  static std::unique_ptr<uint32_t[]> sketch(
      new uint32_t[kKeySketchRows * kKeySketchWidth]());
  const uint64_t h = (key.size() >= 8 ? DecodeFixed64(key.data())
                                       : Hash64(key.data(), key.size())) *
                     0x9e3779b97f4a7c15ULL;
  const size_t start = static_cast<size_t>(h >> 32);
  const size_t step = static_cast<size_t>(h >> 12) | 1;
#pragma GCC unroll 6
  for (size_t i = 0; i < kKeySketchRows; i++) {
    sketch[i * kKeySketchWidth + ((start + i * step) & (kKeySketchWidth - 1))]++;
  }
}
}  // namespace

Status DBImpl::GetImpl(const ReadOptions& read_options, const Slice& key,
`,
        },
        {
          anchor: "         get_impl_options.columns != nullptr);\n\n  assert(get_impl_options.column_family);\n\n  if (read_options.timestamp) {",
          replacement: "         get_impl_options.columns != nullptr);\n\n  assert(get_impl_options.column_family);\n\n  KeySketchAdd(key);\n\n  if (read_options.timestamp) {",
        },
      ],
    },
  ];
}

/** Branch name of keySketchFiles' change. */
export const KEY_SKETCH_REF = "key-sketch";

/** The branch of keySketchFiles' change in `repoDir` (a clone of the fork, made when missing); returns its sha. */
export async function addKeySketchBranch(fork: ForkRepo, repoDir: string): Promise<string> {
  const [sha] = await addPatchBranches(fork, repoDir, [{ ref: KEY_SKETCH_REF, files: keySketchFiles(), message: "db: count each Get's key in a count-min sketch (hot-key statistics)" }]);
  return sha!;
}

export function makeRocksdbFork(source: DebianSource, repoDir: string): Promise<ForkRepo> {
  return makeForkRepo(source, repoDir, ROCKSDB_FORK);
}
