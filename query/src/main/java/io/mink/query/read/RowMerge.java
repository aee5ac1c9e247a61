package io.mink.query.read;

import io.mink.schema.batch.RowBatch;

/**
 * What a read does to one partition's batches, as the lake and the tail give them, before its filter: nothing for an
 * append table, the primary-key merge for an upsert table ({@link KeyMerge}). Each method returns the rows kept and
 * closes the batch it is given when it returns another.
 */
interface RowMerge {
  /** Every lake row, then every tail row. */
  RowMerge NONE = new RowMerge() {
    @Override
    public RowBatch lake(RowBatch batch) {
      return batch;
    }

    @Override
    public RowBatch tail(RowBatch batch) {
      return batch;
    }
  };

  /** The lake rows of the batch the read returns. */
  RowBatch lake(RowBatch batch);

  /** The tail rows of the batch the read returns. */
  RowBatch tail(RowBatch batch);
}
