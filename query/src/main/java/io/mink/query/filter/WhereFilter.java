package io.mink.query.filter;

import static java.util.Objects.requireNonNull;

import io.mink.schema.batch.RowBatch;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.InternalRecordWrapper;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Binder;
import org.apache.iceberg.expressions.Evaluator;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expression.Operation;
import org.apache.iceberg.types.Types;

/**
 * A {@code --where} expression bound to a table's schema: what a scan pushes down ({@link #expression()}), the
 * columns it reads ({@link #referencedColumns()}), and the rows of a batch it keeps ({@link #select}). A row is kept
 * only when the expression is true for it: as in SQL, a comparison with a null is not true, and neither is its NOT.
 * Thread-safe.
 */
public final class WhereFilter {
  private final Schema schema;
  private final Expression expression;
  private final Set<Integer> referencedFieldIds;
  private final Map<Types.StructType, BatchFilter> batchFilters = new ConcurrentHashMap<>();

  private WhereFilter(Schema schema, Expression expression) {
    this.schema = schema;
    this.expression = expression;
    this.referencedFieldIds =
        Set.copyOf(Binder.boundReferences(schema.asStruct(), List.of(expression), true));
  }

  /**
   * The filter {@code parsed} (from {@link WhereParser#parse}) states for rows of {@code schema}. Columns are found
   * case-insensitively, an exact spelling first.
   *
   * @throws IllegalArgumentException if a column is not in the schema or a value cannot be compared with its column
   */
  public static WhereFilter bind(Schema schema, Expression parsed) {
    requireNonNull(schema, "schema is null");
    requireNonNull(parsed, "parsed is null");
    return new WhereFilter(schema, FittedExpression.of(schema, parsed));
  }

  /**
   * The filter as an unbound Iceberg expression for {@code TableScan.filter} or {@code Parquet.ReadBuilder.filter}:
   * columns spelled as the schema spells them, values of the columns' types, no NOT above a predicate, and
   * {@code IS NOT NULL} before the comparisons that Iceberg's evaluator would find true for a null.
   */
  public Expression expression() {
    return expression;
  }

  /** The ids of the fields the filter reads, which a projection must include for {@link #select} to see them. */
  public Set<Integer> referencedFieldIds() {
    return referencedFieldIds;
  }

  /** The full names of the fields the filter reads ({@code payload.amount} for a field of a struct), sorted. */
  public SortedSet<String> referencedColumns() {
    TreeSet<String> names = new TreeSet<>();
    referencedFieldIds.forEach(id -> names.add(schema.findColumnName(id)));
    return Collections.unmodifiableSortedSet(names);
  }

  /**
   * The rows of {@code batch} for which the filter is true. The batch's schema may be another schema of the table
   * (fields matched by id): a column it lacks is null in every row. Returns {@code batch} itself when every row is
   * kept; otherwise a new batch of the same schema, and {@code batch} is closed, so the caller holds exactly one of
   * them either way. If this throws, {@code batch} stays open and the caller's.
   */
  public RowBatch select(RowBatch batch) {
    requireNonNull(batch, "batch is null");
    Schema rows = batch.schema();
    BatchFilter filter = batchFilters.computeIfAbsent(
        rows.asStruct(), struct -> BatchFilter.of(schema, expression, rows));
    if (batch.rows() == 0 || filter.keepsAll()) {
      return batch;
    }
    List<Record> kept = filter.keepsNone() ? List.of() : filter.keep(rows, batch.toRecords());
    if (kept.size() == batch.rows()) {
      return batch;
    }
    RowBatch selected = RowBatch.of(rows, kept);
    batch.close();
    return selected;
  }

  /** The filter for rows of one batch schema: bound once, then evaluated per row. */
  private record BatchFilter(Operation op, Evaluator evaluator) {
    BatchFilter {
      requireNonNull(op, "op is null");
      requireNonNull(evaluator, "evaluator is null");
    }

    static BatchFilter of(Schema table, Expression expression, Schema batch) {
      Expression rewritten = BatchExpression.of(table, expression, batch);
      Expression bound = Binder.bind(batch.asStruct(), rewritten, true);
      return new BatchFilter(bound.op(), new Evaluator(batch.asStruct(), rewritten, true));
    }

    boolean keepsAll() {
      return op == Operation.TRUE;
    }

    boolean keepsNone() {
      return op == Operation.FALSE;
    }

    List<Record> keep(Schema schema, List<Record> records) {
      InternalRecordWrapper internal = new InternalRecordWrapper(schema.asStruct());
      return records.stream()
          .filter(record -> evaluator.eval(internal.wrap(record)))
          .toList();
    }
  }
}
