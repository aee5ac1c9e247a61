package io.mink.query.filter;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.iceberg.Schema;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expression.Operation;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.expressions.NamedReference;
import org.apache.iceberg.expressions.UnboundPredicate;
import org.apache.iceberg.types.Types;

/**
 * A parsed {@code --where} expression made ready for a table: NOT pushed down into the predicates, each column
 * found case-insensitively and written as the schema spells it, each value fitted to its column's type
 * ({@link LiteralFitter}), and comparisons that Iceberg's two-valued {@code Evaluator} would find true for a null
 * ({@code <}, {@code <=}, {@code !=}, {@code NOT IN}: it orders nulls first) preceded by {@code IS NOT NULL}. The
 * result keeps SQL's rule that a comparison with a null is not true, under row evaluation as under scan pushdown.
 */
final class FittedExpression extends PredicateRewrite {
  private static final Set<Operation> LANGUAGE = EnumSet.of(
      Operation.IS_NULL,
      Operation.NOT_NULL,
      Operation.LT,
      Operation.LT_EQ,
      Operation.GT,
      Operation.GT_EQ,
      Operation.EQ,
      Operation.NOT_EQ,
      Operation.IN,
      Operation.NOT_IN);
  /** What Iceberg's evaluator finds true for a null value, as it orders nulls before every value. */
  private static final Set<Operation> TRUE_FOR_NULL =
      EnumSet.of(Operation.LT, Operation.LT_EQ, Operation.NOT_EQ, Operation.NOT_IN);

  private final Schema schema;

  private FittedExpression(Schema schema) {
    this.schema = schema;
  }

  static Expression of(Schema schema, Expression parsed) {
    return new FittedExpression(schema).rewrite(Expressions.rewriteNot(parsed));
  }

  @Override
  public <T> Expression predicate(UnboundPredicate<T> predicate) {
    if (!LANGUAGE.contains(predicate.op()) || !(predicate.term() instanceof NamedReference)) {
      throw new IllegalArgumentException(
          "Cannot bind " + predicate + " as --where: the language has no such predicate");
    }
    Types.NestedField field = column(predicate.ref().name());
    String name = schema.findColumnName(field.fieldId());
    Operation op = predicate.op();
    Expression fitted = switch (op) {
      case IS_NULL, NOT_NULL -> Expressions.predicate(op, name);
      case IN, NOT_IN ->
        Expressions.predicate(
            op,
            Expressions.ref(name),
            predicate.literals().stream()
                .map(literal -> LiteralFitter.fit(name, field.type(), literal.value()))
                .toList());
      default ->
        Expressions.predicate(
            op, name, LiteralFitter.fit(name, field.type(), predicate.literal().value()));
    };
    return TRUE_FOR_NULL.contains(op) ? Expressions.and(Expressions.notNull(name), fitted) : fitted;
  }

  /** The field {@code name} names: its exact spelling first, then any spelling. */
  private Types.NestedField column(String name) {
    Types.NestedField field = schema.findField(name);
    if (field == null) {
      field = schema.caseInsensitiveFindField(name);
    }
    if (field == null) {
      throw new IllegalArgumentException(unknown(name));
    }
    if (schema.accessorForField(field.fieldId()) == null) {
      throw new IllegalArgumentException(
          "Column " + schema.findColumnName(field.fieldId())
              + " in --where is inside a list or a map: --where filters on top-level columns and on fields of structs");
    }
    return field;
  }

  private String unknown(String name) {
    int dot = name.lastIndexOf('.');
    Types.NestedField parent =
        dot < 0 ? null : schema.caseInsensitiveFindField(name.substring(0, dot));
    if (parent != null && parent.type().isStructType()) {
      String parentName = schema.findColumnName(parent.fieldId());
      return "Column \"" + name + "\" in --where is not a field of " + parentName + " (fields: "
          + names(parentName + ".", parent.type().asStructType().fields()) + ")";
    }
    return "Column \"" + name + "\" in --where is not a column of the table (columns: "
        + names("", schema.columns()) + ")";
  }

  private static String names(String prefix, List<Types.NestedField> fields) {
    return fields.stream().map(field -> prefix + field.name()).collect(Collectors.joining(", "));
  }
}
