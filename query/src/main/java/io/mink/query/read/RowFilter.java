package io.mink.query.read;

import io.mink.indexer.errors.MinkException;
import io.mink.query.filter.WhereFilter;
import io.mink.schema.batch.RowBatch;
import org.apache.iceberg.Schema;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;

/** The read's filter, bound to the read schema: on rows, and as the lake scan's pushed-down expression. */
final class RowFilter {
  private final WhereFilter where;

  private RowFilter(WhereFilter where) {
    this.where = where;
  }

  /**
   * The filter bound to the schema.
   *
   * @throws MinkException a user error naming a column the schema does not have or a literal that does not fit
   */
  static RowFilter bind(Schema schema, Expression filter) {
    if (filter.op() == Expression.Operation.TRUE) {
      return new RowFilter(null);
    }
    try {
      return new RowFilter(WhereFilter.bind(schema, filter));
    } catch (IllegalArgumentException e) {
      throw MinkException.user(e.getMessage(), e);
    }
  }

  /**
   * What the lake scan of a snapshot with this schema skips files and row groups by: the filter, unless it names a
   * column the snapshot does not have yet (its lake rows are null there), in which case every file is read.
   */
  Expression pushdown(Schema lakeSchema) {
    if (where == null) {
      return Expressions.alwaysTrue();
    }
    boolean known =
        where.referencedFieldIds().stream().allMatch(id -> lakeSchema.findField(id) != null);
    return known ? where.expression() : Expressions.alwaysTrue();
  }

  /** The batch's rows the filter selects; the batch given is closed when another is returned. */
  RowBatch select(RowBatch batch) {
    return where == null ? batch : where.select(batch);
  }
}
