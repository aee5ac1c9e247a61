package io.mink.cli.read;

import io.mink.schema.batch.RowBatch;
import org.apache.iceberg.Schema;

/** The checks every writer makes on its calls: begun once, before any batch, and batches of that schema only. */
final class BegunSchema {
  private BegunSchema() {}

  static void requireNotBegun(Schema begun) {
    if (begun != null) {
      throw new IllegalStateException("Cannot begin the rows output twice");
    }
  }

  /**
   * Throws unless the output has begun.
   *
   * @param call what was called, such as "finish"
   */
  static void requireBegun(Schema begun, String call) {
    if (begun == null) {
      throw new IllegalStateException(
          "Cannot " + call + ": the rows output has not begun; call begin first");
    }
  }

  static void requireSame(Schema begun, RowBatch batch) {
    requireBegun(begun, "write rows");
    if (!begun.asStruct().equals(batch.schema().asStruct())) {
      throw new IllegalArgumentException("Cannot write a batch of schema "
          + batch.schema().asStruct() + " to an output begun with schema " + begun.asStruct());
    }
  }
}
