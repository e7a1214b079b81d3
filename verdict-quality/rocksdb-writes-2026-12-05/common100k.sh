B=/var/cache/db-bench-gate/builds/a093a516628c3833f198/install/bin/db_bench
common() { echo --db=$1 --num=100000 --key_size=20 --value_size=400 --seed=1700000000 --compression_type=none --cache_size=1073741824 --write_buffer_size=16777216 --target_file_size_base=16777216 --max_bytes_for_level_base=67108864 --max_background_jobs=2 --bloom_bits=10; }
copydb() { rm -rf $2; mkdir -p $2; ln $1/*.sst $2/; for f in $1/*; do local fn; fn=$(basename $f); case $fn in *.sst|LOCK|LOG|LOG.old.*) ;; *) cp $f $2/;; esac; done; }
