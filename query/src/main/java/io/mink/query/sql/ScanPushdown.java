package io.mink.query.sql;

import com.fasterxml.jackson.databind.JsonNode;
import io.mink.query.filter.WhereFilter;
import io.mink.schema.KafkaColumns;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import org.apache.iceberg.Schema;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expression.Operation;
import org.apache.iceberg.expressions.Or;
import org.apache.iceberg.expressions.UnboundPredicate;
import org.apache.iceberg.types.Types;

/**
 * Decides what a statement hands the scan of one of its tables (docs/querying.md, What a statement reads): the columns it can use, the
 * WHERE conjuncts that pin partitions or keys or prune the lake, and a limit when nothing above the scan needs more
 * rows. Pure: the statement's parse tree and the tables' schemas in, a {@link Pushdown} out.
 */
@SuppressWarnings("ReferenceEquality") // parse-tree nodes and references are compared as themselves
final class ScanPushdown {
  private static final String PARTITION = KafkaColumns.PARTITION;
  private static final String KEY = KafkaColumns.KEY;

  private final StatementTree tree;
  private final TableRef ref;
  private final Schema schema;
  private final Map<String, String> names = new HashMap<>();
  private final Map<TableRef, Schema> siblings;

  /** @param schemas the schema of each Mink table the statement names, by reference */
  ScanPushdown(StatementTree tree, TableRef ref, Map<TableRef, Schema> schemas) {
    this.tree = tree;
    this.ref = ref;
    this.schema = schemas.get(ref);
    this.siblings = schemas;
    schema.columns().forEach(column -> names.put(lower(column.name()), column.name()));
  }

  Pushdown pushdown(boolean upsert) {
    List<Expression> lake = new ArrayList<>();
    Set<Integer> partitions = null;
    int keys = 0;
    boolean everyConjunctPushed = true;
    for (JsonNode conjunct : conjuncts()) {
      Optional<Expression> predicate = predicate(conjunct);
      if (predicate.isEmpty()) {
        everyConjunctPushed = false;
        continue;
      }
      Optional<Set<Integer>> pinned = pins(predicate.get(), PARTITION).map(ScanPushdown::ints);
      if (pinned.isPresent()) {
        partitions = partitions == null ? new TreeSet<>(pinned.get()) : partitions;
        partitions.retainAll(pinned.get());
        continue;
      }
      if (upsert) {
        keys = Math.max(keys, pins(predicate.get(), KEY).map(Set::size).orElse(0));
      }
      lake.add(predicate.get());
    }
    return new Pushdown(
        projection(),
        lake,
        Optional.ofNullable(partitions),
        keys,
        everyConjunctPushed && lake.isEmpty() ? limit() : OptionalLong.empty());
  }

  private List<JsonNode> conjuncts() {
    List<JsonNode> conjuncts = new ArrayList<>();
    if (ref.filterable()) {
      split(ref.select().path("where_clause"), conjuncts);
    }
    return conjuncts;
  }

  private static void split(JsonNode node, List<JsonNode> into) {
    if (node.isMissingNode() || node.isNull()) {
      return;
    }
    if ("CONJUNCTION_AND".equals(node.path("type").asText(""))) {
      node.path("children").forEach(child -> split(child, into));
    } else {
      into.add(node);
    }
  }

  /** The conjunct as a lake predicate on this table that Iceberg binds, or empty. */
  private Optional<Expression> predicate(JsonNode conjunct) {
    if (contains(conjunct, "SUBQUERY")) {
      return Optional.empty();
    }
    Optional<Expression> predicate = new LakePredicates(this::column).of(conjunct);
    if (predicate.isEmpty()) {
      return predicate;
    }
    Expression fitted = TimeLiterals.fit(predicate.get(), schema);
    try {
      WhereFilter.bind(schema, fitted);
      return Optional.of(fitted);
    } catch (RuntimeException unbindable) {
      return Optional.empty();
    }
  }

  /** This table's column a reference names, when no other table of the same FROM clause can be meant. */
  private Optional<String> column(List<String> written) {
    if (written.size() == 2 && written.get(0).equals(ref.qualifier())) {
      return Optional.ofNullable(names.get(written.get(1)));
    }
    if (written.size() != 1 || tree.readsMoreThanTables(ref.select())) {
      return Optional.empty();
    }
    String name = written.get(0);
    for (TableRef other : tree.tablesOf(ref.select())) {
      Schema otherSchema = siblings.get(other);
      if (other != ref
          && (otherSchema == null || otherSchema.caseInsensitiveFindField(name) != null)) {
        return Optional.empty();
      }
    }
    return Optional.ofNullable(names.get(name));
  }

  /** The columns any reference of the statement may mean, in table order; empty for all. */
  private List<String> projection() {
    if (tree.selectsStar() || tree.joinsByName()) {
      return List.of();
    }
    Set<String> used = new LinkedHashSet<>();
    for (List<String> written : tree.columns()) {
      if (written.size() == 1 && written.get(0).equals(ref.qualifier())) {
        return List.of();
      }
      if (namesNothingKnown(written)) {
        return List.of();
      }
      if (qualifiesAnotherTable(written)) {
        continue;
      }
      written.stream().map(names::get).filter(name -> name != null).forEach(used::add);
    }
    List<String> ordered = new ArrayList<>();
    for (Types.NestedField column : schema.columns()) {
      if (used.contains(column.name())) {
        ordered.add(column.name());
      }
    }
    if (ordered.isEmpty()) {
      ordered.add(names.getOrDefault(PARTITION, schema.columns().get(0).name()));
    }
    return ordered;
  }

  /** Whether a reference is qualified by another table's name or alias and not by this table's. */
  private boolean qualifiesAnotherTable(List<String> written) {
    if (written.size() < 2 || written.get(0).equals(ref.qualifier())) {
      return false;
    }
    return tree.tables().stream().anyMatch(other -> other.qualifier().equals(written.get(0)));
  }

  /**
   * Whether a reference names no column of the statement's tables' lake schemas, nor an alias: a column only the
   * tail's newer schema has, which a scan of every column brings.
   */
  private boolean namesNothingKnown(List<String> written) {
    for (String name : written) {
      if (tree.isAlias(name)) {
        return false;
      }
      for (Schema known : siblings.values()) {
        if (known.caseInsensitiveFindField(name) != null) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * The limit of a statement that reads this table alone and only projects it or pins its partitions: {@code LIMIT n
   * [OFFSET m]} lets each split stop after n + m rows. Lake predicates prune but are not evaluated on rows by the
   * scan, so a statement with one takes every row it selects.
   */
  private OptionalLong limit() {
    JsonNode select = ref.select();
    if (tree.root() != select
        || tree.tablesOf(select).size() != 1
        || tree.readsMoreThanTables(select)
        || select.path("group_expressions").size() > 0
        || !isNull(select.path("having"))
        || !isNull(select.path("qualify"))
        || !isNull(select.path("sample"))
        || contains(select.path("select_list"), "FUNCTION")
        || contains(select.path("select_list"), "WINDOW")
        || contains(select.path("select_list"), "SUBQUERY")) {
      return OptionalLong.empty();
    }
    OptionalLong limit = OptionalLong.empty();
    for (JsonNode modifier : select.path("modifiers")) {
      if (!"LIMIT_MODIFIER".equals(modifier.path("type").asText(""))) {
        return OptionalLong.empty();
      }
      Optional<Object> rows = LakePredicates.literal(modifier.path("limit"));
      Optional<Object> offset = isNull(modifier.path("offset"))
          ? Optional.of(0L)
          : LakePredicates.literal(modifier.path("offset"));
      if (rows.isEmpty()
          || offset.isEmpty()
          || !(rows.get() instanceof Long count)
          || !(offset.get() instanceof Long skip)) {
        return OptionalLong.empty();
      }
      limit = OptionalLong.of(count + skip);
    }
    return limit;
  }

  /** The values a predicate pins a column to: {@code c = v}, {@code c IN (...)} or an OR of those. */
  static Optional<Set<Object>> pins(Expression expression, String column) {
    if (expression instanceof Or or) {
      Optional<Set<Object>> left = pins(or.left(), column);
      Optional<Set<Object>> right = pins(or.right(), column);
      if (left.isEmpty() || right.isEmpty()) {
        return Optional.empty();
      }
      Set<Object> both = new LinkedHashSet<>(left.get());
      both.addAll(right.get());
      return Optional.of(both);
    }
    if (expression instanceof UnboundPredicate<?> predicate
        && lower(predicate.ref().name()).equals(column)
        && (predicate.op() == Operation.EQ || predicate.op() == Operation.IN)) {
      Set<Object> values = new LinkedHashSet<>();
      predicate.literals().forEach(literal -> values.add(literal.value()));
      return Optional.of(values);
    }
    return Optional.empty();
  }

  private static Set<Integer> ints(Set<Object> values) {
    Set<Integer> partitions = new TreeSet<>();
    for (Object value : values) {
      long partition = ((Number) value).longValue();
      if (partition >= 0 && partition <= Integer.MAX_VALUE) {
        partitions.add((int) partition);
      }
    }
    return partitions;
  }

  private static boolean contains(JsonNode node, String kind) {
    if (node.isObject() && kind.equals(node.path("class").asText(""))) {
      return true;
    }
    for (JsonNode child : node) {
      if (contains(child, kind)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isNull(JsonNode node) {
    return node.isMissingNode() || node.isNull();
  }

  private static String lower(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
