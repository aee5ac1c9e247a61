package io.mink.query.filter;

import org.apache.iceberg.Schema;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expression.Operation;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.expressions.Literal;
import org.apache.iceberg.expressions.UnboundPredicate;

/**
 * A table's fitted expression ({@link FittedExpression}) for rows of another schema of the same table, such as rows
 * written before a column was added: each column is found by field id and written with the batch schema's name, and
 * a predicate on a column the batch lacks becomes what it is for a null, {@code IS NULL} true and every other one
 * false. That is exact because the fitted expression has no NOT above its predicates.
 */
final class BatchExpression extends PredicateRewrite {
  private final Schema table;
  private final Schema batch;

  private BatchExpression(Schema table, Schema batch) {
    this.table = table;
    this.batch = batch;
  }

  static Expression of(Schema table, Expression fitted, Schema batch) {
    return new BatchExpression(table, batch).rewrite(fitted);
  }

  @Override
  public <T> Expression predicate(UnboundPredicate<T> predicate) {
    int id = table.findField(predicate.ref().name()).fieldId();
    String name = batch.findColumnName(id);
    Operation op = predicate.op();
    if (name == null) {
      return op == Operation.IS_NULL ? Expressions.alwaysTrue() : Expressions.alwaysFalse();
    }
    return switch (op) {
      case IS_NULL, NOT_NULL -> Expressions.predicate(op, name);
      case IN, NOT_IN ->
        Expressions.predicate(
            op,
            Expressions.ref(name),
            predicate.literals().stream().map(Literal::value).toList());
      default -> Expressions.predicate(op, name, predicate.literal());
    };
  }
}
