package io.mink.spark;

import io.mink.query.filter.WhereFilter;
import io.mink.query.read.ReadRequest;
import io.mink.tables.TableDescriptor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.SupportsPushDownLimit;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Builds the scan of a query: the table's top-level columns the query needs, whole (a struct is read whole even when
 * the query needs part of it).
 */
final class MinkScanBuilder
    implements SupportsPushDownRequiredColumns, SupportsPushDownV2Filters, SupportsPushDownLimit {
  private final TableDescriptor descriptor;
  private final org.apache.iceberg.Table table;
  private final SparkOptions options;
  private final MinkConnection connection;
  private final StructType schema;
  private final ReadRequest request;
  private final ScanOptions.Tuning tuning;
  private final Map<String, String> readOptions;
  private StructType read;
  private List<Predicate> pushed = List.of();
  private Expression pruning = Expressions.alwaysTrue();
  private Optional<Set<Integer>> pinned = Optional.empty();
  private OptionalInt limit = OptionalInt.empty();

  MinkScanBuilder(
      TableDescriptor descriptor,
      org.apache.iceberg.Table table,
      SparkOptions options,
      MinkConnection connection,
      StructType schema,
      ReadRequest request,
      ScanOptions.Tuning tuning,
      Map<String, String> readOptions) {
    this.descriptor = descriptor;
    this.table = table;
    this.options = options;
    this.connection = connection;
    this.schema = schema;
    this.read = schema;
    this.request = request;
    this.tuning = tuning;
    this.readOptions = Map.copyOf(readOptions);
  }

  @Override
  public void pruneColumns(StructType required) {
    Set<String> names = Arrays.stream(required.fieldNames()).collect(Collectors.toSet());
    read = new StructType(Arrays.stream(schema.fields())
        .filter(field -> names.contains(field.name()))
        .toArray(StructField[]::new));
  }

  /**
   * Keeps the predicates that convert to Iceberg expressions of the table's columns ({@link LakePruning}), to skip
   * the lake's files and row groups; Spark evaluates every predicate on every row all the same.
   */
  @Override
  public Predicate[] pushPredicates(Predicate[] predicates) {
    List<Predicate> kept = new ArrayList<>();
    Expression all = Expressions.alwaysTrue();
    for (Predicate predicate : predicates) {
      Optional<Expression> expression = LakePruning.of(predicate).filter(this::binds);
      if (expression.isPresent()) {
        kept.add(predicate);
        all = Expressions.and(all, expression.get());
      }
    }
    pinned = PartitionPins.of(predicates);
    pushed = List.copyOf(kept);
    pruning = all;
    return predicates;
  }

  @Override
  public Predicate[] pushedPredicates() {
    return pushed.toArray(new Predicate[0]);
  }

  private boolean binds(Expression expression) {
    try {
      WhereFilter.bind(table.schema(), expression);
      return true;
    } catch (RuntimeException e) {
      return false;
    }
  }

  /**
   * Each input partition stops after this many rows; Spark takes the query's rows from what they return. Spark pushes
   * a limit only when no filter is left for it to evaluate after the scan.
   */
  @Override
  public boolean pushLimit(int rows) {
    limit = OptionalInt.of(rows);
    return true;
  }

  @Override
  public boolean isPartiallyPushed() {
    return true;
  }

  @Override
  public Scan build() {
    return new MinkScan(
        descriptor,
        table,
        options,
        connection,
        read,
        limit.isPresent()
            ? request.withFilter(pruning).withLimit(limit.getAsInt())
            : request.withFilter(pruning),
        pinned,
        tuning,
        readOptions);
  }
}
