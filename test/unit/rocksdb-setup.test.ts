import { describe, expect, it } from "vitest";
import { parseDscName } from "../../src/setup/debian-source.js";
import { applyEdits } from "../../src/setup/fork-repo.js";
import { ROCKSDB_BUILD_FAILURE_EDITS, ROCKSDB_HEAD_EDITS } from "../../src/setup/rocksdb-fork.js";

/** The lines of RocksDB 7.8.3's table/block_based/block_based_table_reader_impl.h the edits anchor on. */
const tableReader = [
  "#pragma once",
  '#include "table/block_based/block_based_table_reader.h"',
  "",
  '#include "table/block_based/reader_common.h"',
  "",
  "namespace ROCKSDB_NAMESPACE {",
  "template <typename TBlockIter>",
  "TBlockIter* BlockBasedTable::NewDataBlockIterator(",
  "    const ReadOptions& ro, const BlockHandle& handle, TBlockIter* input_iter,",
  "    BlockType block_type, GetContext* get_context, ...) const {",
  "  assert(block.GetValue() != nullptr);",
  "",
  "  // Block contents are pinned and it is still pinned after the iterator",
  "}",
  "template <typename TBlockIter>",
  "TBlockIter* BlockBasedTable::NewDataBlockIterator(const ReadOptions& ro,",
  "                                                  CachableEntry<Block>& block, ...) const {",
  "  assert(block.GetValue() != nullptr);",
  "  // Block contents are pinned and it is still pinned after the iterator",
  "}",
  "}  // namespace ROCKSDB_NAMESPACE",
  "",
].join("\n");

describe("the RocksDB demo fork", () => {
  it("head hashes each data block the handle-based NewDataBlockIterator opens (Get and iterator seeks), not the other overload", () => {
    const head = applyEdits(tableReader, ROCKSDB_HEAD_EDITS, "block_based_table_reader_impl.h");
    expect(head).toContain('#include "util/hash.h"');
    expect(head.match(/Hash64\(block\.GetValue\(\)->data\(\), block\.GetValue\(\)->size\(\)\)/g)).toHaveLength(1);
    expect(head.indexOf("if (block_type == BlockType::kData)")).toBeLessThan(head.indexOf("CachableEntry<Block>& block"));
  });

  it("the build-failure variant calls a member Block does not have", () => {
    expect(applyEdits(tableReader, ROCKSDB_BUILD_FAILURE_EDITS, "block_based_table_reader_impl.h")).toContain("block.GetValue()->sise()");
  });

  it("reads versions from the source package's .dsc name", () => {
    expect(parseDscName("rocksdb_7.8.3-2.dsc", "rocksdb")).toEqual({ debianVersion: "7.8.3-2", version: "7.8.3" });
  });
});
