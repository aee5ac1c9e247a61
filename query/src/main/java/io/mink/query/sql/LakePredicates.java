package io.mink.query.sql;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expression.Operation;
import org.apache.iceberg.expressions.Expressions;

/**
 * Turns a WHERE conjunct of DuckDB's parse tree into a lake predicate (docs/querying.md, What a statement reads): a column compared with
 * a literal, IN, IS [NOT] NULL, NOT, AND and OR, as an unbound Iceberg expression whose literals are those of the
 * {@code --where} language (Long, BigDecimal, String, Boolean, and ByteBuffer for blobs). A cast to a wider type
 * around the column folds into the literal; typed literals ({@code TIMESTAMP '...'}) become the strings Iceberg reads.
 * Anything else has no lake predicate. Pure.
 */
final class LakePredicates {
  private static final Map<String, Operation> COMPARISONS = Map.of(
      "COMPARE_EQUAL", Operation.EQ,
      "COMPARE_NOTEQUAL", Operation.NOT_EQ,
      "COMPARE_LESSTHAN", Operation.LT,
      "COMPARE_LESSTHANOREQUALTO", Operation.LT_EQ,
      "COMPARE_GREATERTHAN", Operation.GT,
      "COMPARE_GREATERTHANOREQUALTO", Operation.GT_EQ);

  /** Casts that never narrow a value: a column cast to one of these compares as the column itself does. */
  private static final Set<String> WIDENING =
      Set.of("BIGINT", "INT8", "LONG", "HUGEINT", "DOUBLE", "FLOAT8", "VARCHAR", "TEXT", "STRING");

  private final Function<List<String>, Optional<String>> columns;

  /** @param columns the table's column a column reference names, empty when it names none of the table's columns */
  LakePredicates(Function<List<String>, Optional<String>> columns) {
    this.columns = columns;
  }

  Optional<Expression> of(JsonNode node) {
    String type = node.path("type").asText("");
    Operation comparison = COMPARISONS.get(type);
    if (comparison != null) {
      return comparison(comparison, node.path("left"), node.path("right"));
    }
    return switch (type) {
      case "CONJUNCTION_AND", "CONJUNCTION_OR" -> conjunction(type, node.path("children"));
      case "OPERATOR_NOT" -> single(node).flatMap(this::of).map(Expressions::not);
      case "OPERATOR_IS_NULL" -> single(node).flatMap(this::column).map(Expressions::isNull);
      case "OPERATOR_IS_NOT_NULL" -> single(node).flatMap(this::column).map(Expressions::notNull);
      case "COMPARE_IN", "COMPARE_NOT_IN" -> in(type, node.path("children"));
      default -> Optional.empty();
    };
  }

  private Optional<Expression> comparison(Operation op, JsonNode left, JsonNode right) {
    Optional<String> column = column(left);
    Optional<Object> value = literal(right);
    if (column.isPresent() && value.isPresent()) {
      return Optional.of(Expressions.predicate(op, column.get(), value.get()));
    }
    column = column(right);
    value = literal(left);
    if (column.isPresent() && value.isPresent()) {
      return Optional.of(Expressions.predicate(op.flipLR(), column.get(), value.get()));
    }
    return Optional.empty();
  }

  private Optional<Expression> conjunction(String type, JsonNode children) {
    Expression joined = null;
    for (JsonNode child : children) {
      Optional<Expression> part = of(child);
      if (part.isEmpty()) {
        return Optional.empty();
      }
      joined = joined == null
          ? part.get()
          : "CONJUNCTION_AND".equals(type)
              ? Expressions.and(joined, part.get())
              : Expressions.or(joined, part.get());
    }
    return Optional.ofNullable(joined);
  }

  private Optional<Expression> in(String type, JsonNode children) {
    if (children.size() < 2) {
      return Optional.empty();
    }
    Optional<String> column = column(children.get(0));
    if (column.isEmpty()) {
      return Optional.empty();
    }
    List<Object> values = new ArrayList<>();
    for (int i = 1; i < children.size(); i++) {
      Optional<Object> value = literal(children.get(i));
      if (value.isEmpty()) {
        return Optional.empty();
      }
      values.add(value.get());
    }
    return Optional.of(
        "COMPARE_IN".equals(type)
            ? Expressions.in(column.get(), values)
            : Expressions.notIn(column.get(), values));
  }

  private static Optional<JsonNode> single(JsonNode node) {
    JsonNode children = node.path("children");
    return children.size() == 1 ? Optional.of(children.get(0)) : Optional.empty();
  }

  /** The table's column a reference names, through casts that widen it. */
  Optional<String> column(JsonNode node) {
    String kind = node.path("class").asText("");
    if ("CAST".equals(kind) && !node.path("try_cast").asBoolean(false)) {
      String target = node.path("type_expr").path("type_name").asText("").toUpperCase(Locale.ROOT);
      return WIDENING.contains(target) ? column(node.path("child")) : Optional.empty();
    }
    if (!"COLUMN_REF".equals(kind)) {
      return Optional.empty();
    }
    List<String> names = new ArrayList<>();
    node.path("column_names").forEach(name -> names.add(name.asText().toLowerCase(Locale.ROOT)));
    return columns.apply(names);
  }

  /** A constant as the {@code --where} language holds it, also under a cast to a date, time or timestamp type. */
  static Optional<Object> literal(JsonNode node) {
    String kind = node.path("class").asText("");
    if ("CAST".equals(kind)) {
      return typed(node.path("type_expr").path("type_name").asText(""), node.path("child"));
    }
    if (!"CONSTANT".equals(kind)) {
      return Optional.empty();
    }
    JsonNode literal = node.path("literal");
    String text = literal.path("text").asText("");
    try {
      return switch (literal.path("kind").asText("")) {
        case "INTEGER" -> Optional.of(Long.parseLong(text));
        case "NUMERIC" -> Optional.of(new BigDecimal(text));
        case "STRING" -> Optional.of(text);
        case "BOOLEAN" -> Optional.of(Boolean.parseBoolean(text));
        case "HEX" -> Optional.of(ByteBuffer.wrap(HexFormat.of().parseHex(text)));
        default -> Optional.empty();
      };
    } catch (IllegalArgumentException unreadable) {
      return Optional.empty();
    }
  }

  private static Optional<Object> typed(String typeName, JsonNode child) {
    Optional<Object> value = literal(child);
    if (value.isEmpty() || !(value.get() instanceof String text)) {
      return Optional.empty();
    }
    return switch (typeName.toUpperCase(Locale.ROOT)) {
      case "DATE" -> Optional.of(text.trim());
      case "TIME" -> Optional.of(text.trim());
      case "TIMESTAMP", "DATETIME" -> Optional.of(TimeLiterals.timestamp(text));
      case "TIMESTAMPTZ", "TIMESTAMP WITH TIME ZONE" -> Optional.of(TimeLiterals.timestampTz(text));
      case "UUID" -> Optional.of(text.trim());
      case "BLOB", "BYTEA", "VARBINARY", "BINARY" ->
        text.indexOf('\\') >= 0
            ? Optional.empty()
            : Optional.of(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
      default -> Optional.empty();
    };
  }
}
