/**
 * The RocksDB demo fork (see fork-repo.ts): Debian's source package rocksdb (7.8.3 in bookworm),
 * and a head commit that hashes every data block a read touches. Point lookups (Get) and iterator
 * seeks both open their data blocks through BlockBasedTable::NewDataBlockIterator, so readrandom and
 * the range scans slow down, by the cost of hashing a ~4 KiB block per block visited.
 */
import { obtainDebianSource, type DebianSource } from "./debian-source.js";
import { makeForkRepo, type Edit, type ForkRepo, type ForkSpec } from "./fork-repo.js";

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

export function makeRocksdbFork(source: DebianSource, repoDir: string): Promise<ForkRepo> {
  return makeForkRepo(source, repoDir, ROCKSDB_FORK);
}
