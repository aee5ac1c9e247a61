package io.mink.spark;

import static java.util.Objects.requireNonNull;

import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One input partition of a stream's micro-batch: the read of one range, as a batch scan's input partition, with the
 * check that its settled read schema is still the stream's.
 */
record MinkStreamPartition(MinkInputPartition read, StreamSchemaCheck check)
    implements InputPartition {
  private static final long serialVersionUID = 1L;

  MinkStreamPartition {
    requireNonNull(read, "read is null");
    requireNonNull(check, "check is null");
  }
}
