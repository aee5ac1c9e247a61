package io.mink.query.read;

import io.mink.query.filter.WhereFilter;
import io.mink.schema.batch.RowBatch;
import org.apache.iceberg.Schema;
import org.apache.iceberg.expressions.Expression;

/** The read's filter on rows: every batch passes when the read has none. */
final class RowFilter {
  private final WhereFilter where;

  private RowFilter(WhereFilter where) {
    this.where = where;
  }

  static RowFilter bind(Schema schema, Expression filter) {
    return new RowFilter(
        filter.op() == Expression.Operation.TRUE ? null : WhereFilter.bind(schema, filter));
  }

  /** The batch's rows the filter selects; the batch given is closed when another is returned. */
  RowBatch select(RowBatch batch) {
    return where == null ? batch : where.select(batch);
  }
}
