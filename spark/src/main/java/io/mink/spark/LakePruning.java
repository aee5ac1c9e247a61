package io.mink.spark;

import java.math.BigDecimal;
import java.util.Optional;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Spark's pushed predicates as Iceberg expressions, to skip the lake's files and row groups. Pure. A predicate on a
 * top-level column compared with a literal, {@code IN}, {@code IS [NOT] NULL}, and {@code AND}, {@code OR} and
 * {@code NOT} of those convert; anything else stays with Spark only. Spark still evaluates every predicate on every
 * row: this only prunes.
 */
final class LakePruning {
  private LakePruning() {}

  /** The Iceberg expression of the predicate; empty when it does not convert. */
  static Optional<Expression> of(Predicate predicate) {
    org.apache.spark.sql.connector.expressions.Expression[] children = predicate.children();
    return switch (predicate.name()) {
      case "AND" -> both(children).map(pair -> Expressions.and(pair[0], pair[1]));
      case "OR" -> both(children).map(pair -> Expressions.or(pair[0], pair[1]));
      case "NOT" ->
        children[0] instanceof Predicate inner ? of(inner).map(Expressions::not) : Optional.empty();
      case "IS_NULL" -> column(children[0]).map(Expressions::isNull);
      case "IS_NOT_NULL" -> column(children[0]).map(Expressions::notNull);
      case "=", "<", "<=", ">", ">=", "<>" -> comparison(predicate.name(), children);
      case "IN" -> in(children);
      default -> Optional.empty();
    };
  }

  private static Optional<Expression[]> both(
      org.apache.spark.sql.connector.expressions.Expression[] children) {
    if (!(children[0] instanceof Predicate left) || !(children[1] instanceof Predicate right)) {
      return Optional.empty();
    }
    Optional<Expression> a = of(left);
    Optional<Expression> b = of(right);
    return a.isPresent() && b.isPresent()
        ? Optional.of(new Expression[] {a.get(), b.get()})
        : Optional.empty();
  }

  private static Optional<Expression> comparison(
      String operator, org.apache.spark.sql.connector.expressions.Expression[] children) {
    Optional<String> column = column(children[0]);
    Optional<Object> value = value(children[1]);
    if (column.isEmpty() || value.isEmpty()) {
      return Optional.empty();
    }
    String name = column.get();
    Object literal = value.get();
    return Optional.of(
        switch (operator) {
          case "=" -> Expressions.equal(name, literal);
          case "<>" -> Expressions.notEqual(name, literal);
          case "<" -> Expressions.lessThan(name, literal);
          case "<=" -> Expressions.lessThanOrEqual(name, literal);
          case ">" -> Expressions.greaterThan(name, literal);
          default -> Expressions.greaterThanOrEqual(name, literal);
        });
  }

  private static Optional<Expression> in(
      org.apache.spark.sql.connector.expressions.Expression[] children) {
    Optional<String> column = column(children[0]);
    if (column.isEmpty()) {
      return Optional.empty();
    }
    Object[] values = new Object[children.length - 1];
    for (int i = 1; i < children.length; i++) {
      Optional<Object> value = value(children[i]);
      if (value.isEmpty()) {
        return Optional.empty();
      }
      values[i - 1] = value.get();
    }
    return Optional.of(Expressions.in(column.get(), values));
  }

  private static Optional<String> column(
      org.apache.spark.sql.connector.expressions.Expression child) {
    return child instanceof NamedReference reference && reference.fieldNames().length == 1
        ? Optional.of(reference.fieldNames()[0])
        : Optional.empty();
  }

  /**
   * The literal as the union read's filter takes it ({@code io.mink.query.filter.LiteralFitter}): whole numbers as
   * Long, other numbers as BigDecimal, strings and booleans as they are. Dates, timestamps and binary values are not
   * pushed.
   */
  private static Optional<Object> value(
      org.apache.spark.sql.connector.expressions.Expression child) {
    if (!(child instanceof Literal<?> literal) || literal.value() == null) {
      return Optional.empty();
    }
    Object value = literal.value();
    if (value instanceof UTF8String text) {
      return Optional.of(text.toString());
    }
    if (value instanceof Decimal decimal) {
      return Optional.of(decimal.toJavaBigDecimal());
    }
    if (!(literal.dataType() instanceof NumericType
        || literal.dataType() instanceof BooleanType
        || literal.dataType() instanceof StringType)) {
      return Optional.empty();
    }
    if (value instanceof Boolean || value instanceof Long) {
      return Optional.of(value);
    }
    if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
      return Optional.of(((Number) value).longValue());
    }
    if (value instanceof Float || value instanceof Double) {
      double number = ((Number) value).doubleValue();
      return Double.isFinite(number)
          ? Optional.of(new BigDecimal(value.toString()))
          : Optional.empty();
    }
    return Optional.empty();
  }
}
